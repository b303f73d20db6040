import { Link } from "react-router";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { AddToCartButton } from "~/components/storefront/AddToCartButton";
import { useCatalog } from "~/components/storefront/catalog";
import { SectionHeading } from "~/components/storefront/SectionHeading";
import { SplitSection } from "~/components/storefront/SplitSection";
import { scenes } from "~/components/storefront/scenes";
import { formatMoney } from "~core/money";
import type { Route } from "./+types/our-story";

export const handle: RouteHandle = { bottomCta: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Story",
    description: "A family grove on the Dardanelles, near ancient Troy.",
  });

const chapters = [
  {
    title: "A grove across the water from Troy",
    body: "Our family farms 400 acres of olive trees on the slopes above the Dardanelles, a short walk from the ruins of ancient Troy. We grow without pesticides, and everyone who works the harvest shares in the profits.",
    image: scenes.harvest,
  },
  {
    title: "Hours, not days",
    body: "Olives start to lose their best the moment they leave the tree. Private Reserve is pressed within one hour of picking and Luxe within 24 hours, in our own mill. The reward is an acidity under 0.8% and the gold medals on our shelf.",
    image: scenes.mill,
  },
  {
    title: "Only the latest harvest",
    body: "Olive oil fades 18 to 24 months after pressing, so we only sell the latest harvest, under 18 months old. It crosses the ocean by sea in fall and spring and by air the rest of the year, and reaches your kitchen as it left ours.",
    image: scenes.table,
  },
];

const shopOptions = [
  {
    eyebrow: "Shop",
    title: "Our Olive Oils",
    body: "Premium, Luxe and Private Reserve in 375 ml bottles, for every kitchen.",
    to: "/our-olive-oils",
    label: "Shop our oils",
  },
  {
    eyebrow: "Membership",
    title: "Become a member",
    body: "The latest harvest at your door every month, with free shipping.",
    to: "/become-a-member",
    label: "See the memberships",
  },
];

function OptionCard({
  eyebrow,
  title,
  body,
  children,
}: {
  eyebrow: string;
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-3xl bg-cream p-8 ring-1 ring-olive-200">
      <p className="eyebrow">{eyebrow}</p>
      <h3 className="text-2xl">{title}</h3>
      <p className="flex-1 leading-relaxed text-olive-900">{body}</p>
      {children}
    </li>
  );
}

export default function OurStoryPage() {
  const tasting = useCatalog().tastingCollection;
  return (
    <>
      <SplitSection image={scenes.founders} imageLast priority>
        <p className="eyebrow">Our Story</p>
        <h1 className="text-4xl sm:text-6xl">One family, one grove, one harvest a year</h1>
        <p className="text-lg leading-relaxed text-olive-900">
          We started bottling the oil our family had always made for itself because friends in
          America kept asking for it. It is still made the same way, by the same people.
        </p>
      </SplitSection>
      {chapters.map((chapter, position) => (
        <SplitSection
          key={chapter.title}
          image={chapter.image}
          shaded={position % 2 === 0}
          imageLast={position % 2 === 1}
        >
          <h2 className="text-3xl sm:text-4xl">{chapter.title}</h2>
          <p className="text-lg leading-relaxed text-olive-900">{chapter.body}</p>
        </SplitSection>
      ))}
      <section aria-labelledby="taste-it" className="container-page space-y-10 py-20">
        <SectionHeading id="taste-it" eyebrow="Taste it yourself" title="Three ways to start" />
        <ul className="grid gap-6 md:grid-cols-3">
          <OptionCard
            eyebrow={formatMoney(tasting.priceCents)}
            title={tasting.name}
            body={tasting.description}
          >
            <AddToCartButton itemId="tastingCollection" label="Add to cart" />
          </OptionCard>
          {shopOptions.map((option) => (
            <OptionCard
              key={option.to}
              eyebrow={option.eyebrow}
              title={option.title}
              body={option.body}
            >
              <Link to={option.to} className="btn-outline w-full">
                {option.label}
              </Link>
            </OptionCard>
          ))}
        </ul>
      </section>
    </>
  );
}
