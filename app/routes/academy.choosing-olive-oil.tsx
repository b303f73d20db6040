import { AcademyHeader } from "~/components/academy/AcademyHeader";
import { ImageBanner } from "~/components/academy/ImageBanner";
import { scenes } from "~/components/academy/scenes";
import { useEngagementTracking } from "~/components/analytics/useEngagementTracking";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/academy.choosing-olive-oil";

export const handle: RouteHandle = { navbar: "academy", bottomCta: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Choosing Olive Oil",
    description: "Six things that tell a great extra virgin olive oil from an ordinary one.",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { brandName: shop(context).config.brandName };
}

interface Criterion {
  title: string;
  text: string;
  /** How the shop meets the criterion: its '{brand} Difference'. */
  difference: string;
}

const criteria: Criterion[] = [
  {
    title: "Extra virgin, with acidity under 0.8%",
    text:
      "Extra virgin is a grade, not a flavor. The oil must be pressed mechanically, without " +
      "heat or solvents, taste free of defects and have a free acidity under 0.8%. Low acidity " +
      "is the sign of sound olives handled quickly and with care.",
    difference:
      "Every bottle we sell is extra virgin, with acidity under 0.8%, from olives grown " +
      "without pesticides.",
  },
  {
    title: "Freshness",
    text:
      "Olive oil is a fruit juice, and it does not get better with age. From the day it is " +
      "pressed it slowly loses aroma and polyphenols; 18 to 24 months after pressing it is past " +
      "its best. Look for a harvest date, not only a best-before date, and choose the latest " +
      "harvest.",
    difference:
      "We only sell oil from the latest harvest, under 18 months old, so it reaches you at its " +
      "freshest.",
  },
  {
    title: "Harvest to press time",
    text:
      "The moment an olive is picked it starts to bruise and ferment. The shorter the wait " +
      "between the tree and the mill, the greener, fruitier and more peppery the oil, and the " +
      "more of its goodness it keeps.",
    difference:
      "Our Private Reserve is pressed within 1 hour of picking, and our Luxe within 24 hours.",
  },
  {
    title: "Single estate",
    text:
      "Many supermarket oils blend olives from several farms, sometimes several countries, " +
      "bottled wherever it is cheapest. A single-estate oil comes from one grove, so you know " +
      "where and how every olive was grown.",
    difference:
      "Every drop comes from our own family farm of 400 acres on the Dardanelles, near ancient " +
      "Troy, and every worker shares in its profits.",
  },
  {
    title: "Dark bottles",
    text:
      "Light and heat are the enemies of olive oil. Clear bottles on a bright shelf let it " +
      "fade within weeks. Choose dark glass or a tin, keep it away from the stove, and store it " +
      "between 57 and 70°F.",
    difference:
      "We bottle in dark glass and ask you to keep it between 57 and 70°F, away from light and " +
      "heat, so the last pour tastes like the first.",
  },
  {
    title: "Transport",
    text:
      "How an oil travels matters as much as where it comes from. Weeks in a hot shipping " +
      "container can undo the most careful harvest.",
    difference:
      "We ship by sea only in fall and spring, when the weather is mild, and by air the rest " +
      "of the year, so our oil never sits through summer heat or winter cold.",
  },
];

function CriterionCard({
  criterion,
  number,
  brandName,
}: {
  criterion: Criterion;
  number: number;
  brandName: string;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-3xl bg-white/70 p-7 shadow-sm ring-1 ring-olive-200 sm:p-8">
      <p className="eyebrow">Criterion {number}</p>
      <h2 className="text-2xl sm:text-3xl">{criterion.title}</h2>
      <p className="leading-relaxed text-ink/80">{criterion.text}</p>
      <aside
        aria-label={`${brandName} Difference: ${criterion.title}`}
        className="mt-auto rounded-2xl border-l-4 border-gold-500 bg-parchment p-5"
      >
        <p className="font-serif text-lg text-olive-950">{brandName} Difference</p>
        <p className="mt-2 leading-relaxed text-ink/85">{criterion.difference}</p>
      </aside>
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
          The label on the front says little. These six things tell a great extra virgin olive oil
          from an ordinary one, and after each, how we make sure ours is the great kind.
        </p>
      </AcademyHeader>
      <section aria-label="Six criteria" className="container-page py-16">
        <ol className="grid gap-6 md:grid-cols-2">
          {criteria.map((criterion, index) => (
            <CriterionCard
              key={criterion.title}
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
