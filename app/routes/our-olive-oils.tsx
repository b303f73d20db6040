import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { BottleList } from "~/components/storefront/BottleList";
import { Faq } from "~/components/storefront/Faq";
import { type Banner, banners, ImageBanner } from "~/components/storefront/ImageBanner";
import { TastingPromo } from "~/components/storefront/TastingPromo";
import type { Route } from "./+types/our-olive-oils";

export const handle: RouteHandle = { bottomCta: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Olive Oils",
    description: "Premium, Luxe and Private Reserve single-estate extra virgin olive oils.",
  });

const bottles = ["premium", "luxe", "privateReserve"] as const;

const holidayBanner: Banner = {
  eyebrow: "For the holidays",
  title: "Gift what's True",
  body: "Our three oils in a ribboned gift box, ready to give.",
  cta: { label: "See the Holiday Collection", to: "/holiday-collection" },
  image: { src: "/images/scenes/holiday-hero.svg", width: 1600, height: 900 },
  tone: "dark",
};

export default function OurOliveOilsPage() {
  return (
    <>
      <section className="container-page space-y-12 py-16">
        <header className="max-w-2xl space-y-4">
          <p className="eyebrow">Single-estate extra virgin olive oil</p>
          <h1 className="text-4xl sm:text-5xl">Our Olive Oils</h1>
          <p className="text-lg leading-relaxed text-olive-900">
            Three oils from one grove and one harvest. What sets them apart is time: the hours
            between the tree and the press.
          </p>
        </header>
        <h2 className="sr-only">Our bottles</h2>
        <BottleList itemIds={bottles} />
      </section>
      <TastingPromo />
      <ImageBanner banner={holidayBanner} />
      <Faq />
      <ImageBanner banner={banners.academy} />
    </>
  );
}
