import { AcademyHeader } from "~/components/academy/AcademyHeader";
import { ImageBanner } from "~/components/academy/ImageBanner";
import { StudyLink } from "~/components/academy/StudyLink";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import type { AcademySection } from "~core/academy";
import { articleSections } from "~server/content/academy.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/academy.health-benefits";

export const handle: RouteHandle = { navbar: "academy", bottomCta: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Health Benefits",
    description: "What research says about extra virgin olive oil and your heart, brain and more.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return { benefits: await articleSections(shop(context).db, "health-benefits") };
}

function BenefitCard({ benefit, number }: { benefit: AcademySection; number: number }) {
  return (
    <li className="flex flex-col gap-4 rounded-3xl bg-white/70 p-7 shadow-sm ring-1 ring-olive-200">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full border border-gold-500 font-serif text-lg text-gold-700"
      >
        {String(number).padStart(2, "0")}
      </span>
      <h2 className="text-2xl">{benefit.title}</h2>
      <p className="leading-relaxed text-ink/80">{benefit.text}</p>
      {benefit.study ? <StudyLink study={benefit.study} sectionKey={benefit.key} /> : null}
    </li>
  );
}

export default function AcademyHealthBenefitsPage({ loaderData }: Route.ComponentProps) {
  const { benefits } = loaderData;
  useEngagementTracking();
  return (
    <>
      <AcademyHeader
        eyebrow="Academy · Health"
        title="Health benefits of extra virgin olive oil"
        image={scenes.harvest}
      >
        <p>
          Olive oil has been studied more than almost any other food. Here is what the research
          says, in plain words, with a link to each study so you can read it for yourself.
        </p>
      </AcademyHeader>
      <section aria-label="The benefits" className="container-page py-16">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {benefits.map((benefit, index) => (
            <BenefitCard key={benefit.key} benefit={benefit} number={index + 1} />
          ))}
        </ul>
        <p className="mt-10 max-w-3xl text-sm leading-relaxed text-ink/70">
          Most of these studies looked at extra virgin olive oil as part of a Mediterranean diet,
          alongside vegetables, legumes, fish and whole grains. This page shares published research
          for general interest; it is not medical advice.
        </p>
      </section>
      <ImageBanner
        title="Not every olive oil is the same"
        body="The benefits above come from fresh, genuine extra virgin olive oil. Here is how to recognize it on the shelf."
        action={{ label: "How to choose an olive oil", to: "/academy/choosing-olive-oil" }}
        image={scenes.tasting}
      />
    </>
  );
}
