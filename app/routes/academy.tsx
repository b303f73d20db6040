import { Link } from "react-router";
import { Illustration, type SceneImage } from "~/components/academy/Illustration";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import type { Route } from "./+types/academy";

export const handle: RouteHandle = { navbar: "academy" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Academy",
    description: "Health benefits, how to choose an olive oil, and recipes from our kitchen.",
  });

interface Topic {
  title: string;
  text: string;
  action: string;
  to: string;
  image: SceneImage;
}

const topics: Topic[] = [
  {
    title: "Health Benefits",
    text: "What decades of research say about extra virgin olive oil and your heart, your brain, your bones and more.",
    action: "Explore the health benefits",
    to: "/academy/health-benefits",
    image: scenes.harvest,
  },
  {
    title: "Choosing Olive Oil",
    text: "Six things that tell a great extra virgin olive oil from an ordinary one, and what to look for on the label.",
    action: "Learn how to choose",
    to: "/academy/choosing-olive-oil",
    image: scenes.mill,
  },
  {
    title: "Recipes",
    text: "Dishes from our kitchen, from five-minute breakfasts to slow Sunday dinners, each made to let good oil shine.",
    action: "Browse the recipes",
    to: "/academy/recipes",
    image: scenes.table,
  },
];

function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-cream">
      <Illustration
        image={scenes.academyHero}
        load="priority"
        className="absolute inset-0 -z-10 size-full object-cover object-right"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-cream via-cream/85 to-cream/10" />
      <div className="container-page py-24 sm:py-32">
        <p className="eyebrow">Learn with us</p>
        <h1 className="mt-4 max-w-2xl text-5xl leading-tight sm:text-6xl">The Olive Oil Academy</h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink/85">
          What extra virgin olive oil does for your health, how to tell a great oil from an ordinary
          one, and the recipes we cook at home. Everything we have learned in the grove, shared.
        </p>
        <div className="mt-10 flex flex-wrap items-center gap-x-8 gap-y-4">
          <a href="#discover" className="btn-primary">
            Start Discovering
          </a>
          <Link
            to="/academy/recipes"
            className="inline-flex min-h-11 items-center font-semibold text-olive-900 underline decoration-gold-500 decoration-2 underline-offset-8 hover:text-olive-700"
          >
            Or, jump to recipes
          </Link>
        </div>
      </div>
    </section>
  );
}

function TopicCard({ topic }: { topic: Topic }) {
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-3xl bg-white/70 shadow-sm ring-1 ring-olive-200 transition-shadow hover:shadow-lg">
      <Illustration image={topic.image} load="lazy" className="aspect-[3/2] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-3 p-7">
        <h3 className="text-2xl">{topic.title}</h3>
        <p className="flex-1 leading-relaxed text-ink/80">{topic.text}</p>
        <Link
          to={topic.to}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-olive-900 after:absolute after:inset-0 group-hover:underline"
        >
          {topic.action}
          <span aria-hidden="true" className="ml-2 transition-transform group-hover:translate-x-1">
            →
          </span>
        </Link>
      </div>
    </li>
  );
}

function Topics() {
  return (
    <section
      id="discover"
      aria-labelledby="discover-heading"
      className="container-page scroll-mt-4 py-20"
    >
      <p className="eyebrow">Start here</p>
      <h2 id="discover-heading" className="mt-3 text-3xl sm:text-4xl">
        Three ways into olive oil
      </h2>
      <ul className="mt-10 grid gap-8 md:grid-cols-3">
        {topics.map((topic) => (
          <TopicCard key={topic.to} topic={topic} />
        ))}
      </ul>
    </section>
  );
}

function FoundersIntro() {
  return (
    <section aria-labelledby="founders-heading" className="bg-parchment">
      <div className="container-page grid items-center gap-12 py-20 md:grid-cols-2">
        <Illustration
          image={scenes.founders}
          load="lazy"
          className="aspect-[3/2] w-full rounded-3xl object-cover"
        />
        <div>
          <p className="eyebrow">From the founders</p>
          <h2 id="founders-heading" className="mt-3 text-3xl sm:text-4xl">
            Why we started the academy
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-ink/85">
            <p>
              Our family grows olives on the hills above the Dardanelles, near ancient Troy. When we
              began sending our oil to friends in America, the same questions kept coming back: is
              it really good for me, why does it taste peppery, and what should I cook with it?
            </p>
            <p>
              The academy is our answer: what the research says, what we check before a bottle
              leaves the estate, and the dishes we make at our own table.
            </p>
          </div>
          <Link to="/our-story" className="btn-outline mt-8 text-olive-900">
            Read our story
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function AcademyPage() {
  useEngagementTracking();
  return (
    <>
      <Hero />
      <Topics />
      <FoundersIntro />
    </>
  );
}
