import { AcademyHeader } from "~/components/academy/AcademyHeader";
import { ImageBanner } from "~/components/academy/ImageBanner";
import { StudyLink } from "~/components/academy/StudyLink";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { type AcademySection, countInWords } from "~core/academy";
import { titleCaseSlug } from "~core/text";
import { articleSections } from "~server/content/academy.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/academy.choosing-olive-oil";

export const handle: RouteHandle = { navbar: "academy", bottomCta: true };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: "Choosing Olive Oil",
    description: `${titleCaseSlug(countInWords(loaderData?.criteria.length ?? 6))} things that tell a great extra virgin olive oil from an ordinary one.`,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = shop(context);
  return {
    brandName: config.brandName,
    criteria: await articleSections(db, "choosing-olive-oil"),
  };
}

function CriterionCard({
  criterion,
  number,
  brandName,
}: {
  criterion: AcademySection;
  number: number;
  brandName: string;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-3xl bg-white/70 p-7 shadow-sm ring-1 ring-olive-200 sm:p-8">
      <p className="eyebrow">Criterion {number}</p>
      <h2 className="text-2xl sm:text-3xl">{criterion.title}</h2>
      <p className="leading-relaxed text-ink/80">{criterion.text}</p>
      {criterion.study ? <StudyLink study={criterion.study} sectionKey={criterion.key} /> : null}
      {criterion.difference ? (
        <aside
          aria-label={`${brandName} Difference: ${criterion.title}`}
          className="mt-auto rounded-2xl border-l-4 border-gold-500 bg-parchment p-5"
        >
          <p className="font-serif text-lg text-olive-950">{brandName} Difference</p>
          <p className="mt-2 leading-relaxed text-ink/85">{criterion.difference}</p>
        </aside>
      ) : null}
    </li>
  );
}

export default function AcademyChoosingOliveOilPage({ loaderData }: Route.ComponentProps) {
  useEngagementTracking();
  return (
    <>
      <AcademyHeader
        eyebrow="Academy · Choosing"
        title="How to choose an olive oil"
        image={scenes.mill}
      >
        <p>
          The label on the front says little. These {countInWords(loaderData.criteria.length)}{" "}
          things tell a great extra virgin olive oil from an ordinary one, and after each, how we
          make sure ours is the great kind.
        </p>
      </AcademyHeader>
      <section aria-label="The criteria" className="container-page py-16">
        <ol className="grid gap-6 md:grid-cols-2">
          {loaderData.criteria.map((criterion, index) => (
            <CriterionCard
              key={criterion.key}
              criterion={criterion}
              number={index + 1}
              brandName={loaderData.brandName}
            />
          ))}
        </ol>
      </section>
      <ImageBanner
        title="Taste the difference"
        body="Single-estate, latest-harvest extra virgin olive oil, pressed within hours and shipped to your door."
        action={{ label: "Shop our olive oils", to: "/our-olive-oils" }}
        image={scenes.groveAtDusk}
      />
    </>
  );
}
