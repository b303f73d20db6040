import { AcademyHeader } from "~/components/academy/AcademyHeader";
import { ImageBanner } from "~/components/academy/ImageBanner";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import type { AcademySection, AcademyStudy } from "~core/academy";
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

function StudyLink({ study, benefitId }: { study: AcademyStudy; benefitId: string }) {
  return (
    <p className="mt-auto border-t border-olive-200 pt-4 text-sm">
      <span className="block text-xs font-semibold tracking-wider text-ink/70 uppercase">
        The study
      </span>
      <a
        href={study.url}
        target="_blank"
        rel="noopener noreferrer"
        data-track={`study_${benefitId}`}
        className="inline-flex min-h-11 items-center gap-1.5 font-medium text-olive-900 underline decoration-gold-500 underline-offset-4 hover:text-olive-700"
      >
        {study.citation}
        <span className="sr-only"> (opens in a new tab)</span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="none">
          <path d="M6 3h7v7M13 3 4 12" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </a>
    </p>
  );
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
      {benefit.study ? <StudyLink study={benefit.study} benefitId={benefit.key} /> : null}
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
      <section aria-label="Nine benefits" className="container-page py-16">
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
