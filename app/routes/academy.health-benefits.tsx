import { AcademyHeader } from "~/components/academy/AcademyHeader";
import { ImageBanner } from "~/components/academy/ImageBanner";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import type { Route } from "./+types/academy.health-benefits";

export const handle: RouteHandle = { navbar: "academy", bottomCta: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Health Benefits",
    description: "What research says about extra virgin olive oil and your heart, brain and more.",
  });

interface Study {
  /** Authors, journal and year, as the link reads. */
  citation: string;
  /** The article's DOI address, which opens the journal's own page. */
  url: string;
}

interface Benefit {
  id: string;
  title: string;
  text: string;
  study?: Study;
}

const benefits: Benefit[] = [
  {
    id: "heart",
    title: "Heart health",
    text:
      "In the PREDIMED trial, more than 7,000 people at high cardiovascular risk were followed " +
      "for nearly five years. Those whose Mediterranean diet was rich in extra virgin olive oil " +
      "had fewer heart attacks, strokes and cardiovascular deaths than those told to cut fat.",
    study: {
      citation: "Estruch et al., New England Journal of Medicine, 2018",
      url: "https://doi.org/10.1056/NEJMoa1800389",
    },
  },
  {
    id: "brain",
    title: "Brain health",
    text:
      "Older adults in Barcelona who added extra virgin olive oil to a Mediterranean diet " +
      "kept their memory and thinking sharper over about four years than a group on a low-fat " +
      "diet.",
    study: {
      citation: "Valls-Pedret et al., JAMA Internal Medicine, 2015",
      url: "https://doi.org/10.1001/jamainternmed.2015.1668",
    },
  },
  {
    id: "immune",
    title: "Immune support",
    text:
      "Extra virgin olive oil carries vitamin E and polyphenols, antioxidants that help protect " +
      "the body's cells, those of the immune system included, from oxidative stress. Refining " +
      "strips most of them out, which is one more reason to choose extra virgin.",
  },
  {
    id: "cancer",
    title: "Cancer prevention",
    text:
      "Women in the PREDIMED trial who followed a Mediterranean diet with extra virgin olive " +
      "oil had fewer cases of breast cancer than women advised to reduce fat, an early finding " +
      "the researchers say larger studies should confirm.",
    study: {
      citation: "Toledo et al., JAMA Internal Medicine, 2015",
      url: "https://doi.org/10.1001/jamainternmed.2015.4838",
    },
  },
  {
    id: "diabetes",
    title: "Diabetes prevention",
    text:
      "Without counting calories, a Mediterranean diet with extra virgin olive oil cut new " +
      "cases of type 2 diabetes by about 40% compared with a low-fat diet among older adults " +
      "at high cardiovascular risk.",
    study: {
      citation: "Salas-Salvadó et al., Annals of Internal Medicine, 2014",
      url: "https://doi.org/10.7326/M13-1725",
    },
  },
  {
    id: "inflammation",
    title: "Anti-inflammatory",
    text:
      "The peppery sting of a fresh extra virgin olive oil comes from oleocanthal, a compound " +
      "that blocks the same inflammation enzymes as ibuprofen. The fresher the oil, the more of " +
      "it there is.",
    study: {
      citation: "Beauchamp et al., Nature, 2005",
      url: "https://doi.org/10.1038/437045a",
    },
  },
  {
    id: "bone",
    title: "Bone health",
    text:
      "Older men who followed a Mediterranean diet with virgin olive oil for two years had " +
      "higher levels of osteocalcin, a marker of new bone being formed, while men on the other " +
      "diets saw no such rise.",
    study: {
      citation: "Fernández-Real et al., Journal of Clinical Endocrinology & Metabolism, 2012",
      url: "https://doi.org/10.1210/jc.2012-2221",
    },
  },
  {
    id: "mood",
    title: "Mental outlook",
    text:
      "Among more than 12,000 Spanish university graduates followed for about six years, those " +
      "who used more olive oil were less likely to be diagnosed with depression.",
    study: {
      citation: "Sánchez-Villegas et al., PLOS ONE, 2011",
      url: "https://doi.org/10.1371/journal.pone.0016268",
    },
  },
  {
    id: "longevity",
    title: "A longer life",
    text:
      "Two large US studies followed more than 90,000 adults for 28 years. People who had more " +
      "than half a tablespoon of olive oil a day were 19% less likely to die during that time " +
      "than those who rarely used it.",
    study: {
      citation: "Guasch-Ferré et al., Journal of the American College of Cardiology, 2022",
      url: "https://doi.org/10.1016/j.jacc.2021.10.041",
    },
  },
];

function StudyLink({ study, benefitId }: { study: Study; benefitId: string }) {
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

function BenefitCard({ benefit, number }: { benefit: Benefit; number: number }) {
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
      {benefit.study ? <StudyLink study={benefit.study} benefitId={benefit.id} /> : null}
    </li>
  );
}

export default function AcademyHealthBenefitsPage() {
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
            <BenefitCard key={benefit.id} benefit={benefit} number={index + 1} />
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
