import { Link } from "react-router";
import { track } from "~/components/analytics/track";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { lazyWhenVisible } from "~/components/lazy-when-visible";
import { BottleList } from "~/components/storefront/BottleList";
import type { Slide } from "~/components/storefront/Carousel";
import { HeroSection } from "~/components/storefront/HeroSection";
import { banners, ImageBanner } from "~/components/storefront/ImageBanner";
import { SectionHeading } from "~/components/storefront/SectionHeading";
import type { Route } from "./+types/home";

export const handle: RouteHandle = {
  navbarVariant: "transparent",
  bottomCta: true,
  softLaunchOffer: true,
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Single-Estate Extra Virgin Olive Oil",
    description:
      "Extra virgin olive oil from one family grove on the Dardanelles, near ancient Troy. " +
      "Pressed within hours of harvest and shipped across the US.",
  });

// Below the fold: its code arrives when the shopper scrolls near it.
const Carousel = lazyWhenVisible(() =>
  import("~/components/storefront/Carousel").then((module) => module.Carousel),
);

const homeBottles = ["luxe", "privateReserve", "tastingCollection"] as const;

const groveSlides: Slide[] = [
  {
    eyebrow: "Gold medals",
    title: "Grown without pesticides",
    body: "Our oil has won gold medals. The grove is farmed without pesticides, and every worker on the estate shares in the profits.",
    image: { src: "/images/scenes/harvest.svg", width: 1200, height: 800 },
  },
  {
    eyebrow: "Only the latest harvest",
    title: "Never older than 18 months",
    body: "We sell oil from the latest harvest only. Private Reserve is pressed within one hour of picking, Luxe within 24 hours.",
    image: { src: "/images/scenes/mill.svg", width: 1200, height: 800 },
  },
  {
    eyebrow: "A 400 acre farm",
    title: "From the Dardanelles to your table",
    body: "Our 400 acres look across the strait toward ancient Troy. With a smoke point of 405°F, the oil belongs in the pan as much as on the plate.",
    image: { src: "/images/scenes/table.svg", width: 1200, height: 800 },
  },
];

export default function HomePage() {
  return (
    <>
      <HeroSection
        image="/images/scenes/hero-grove.svg"
        eyebrow="Single-estate extra virgin olive oil"
        title="Taste what's True"
        tall
      >
        <p>
          Pressed within hours of harvest on our family grove by the Dardanelles, and shipped
          straight to your kitchen.
        </p>
        <Link
          to="#bottles"
          onClick={() =>
            track({ category: "engagement", name: "click", label: "bottles_and_more" })
          }
          className="btn-gold"
        >
          Bottles and more
        </Link>
      </HeroSection>
      <section
        id="bottles"
        aria-labelledby="bottles-heading"
        className="container-page scroll-mt-4 space-y-10 py-20"
      >
        <SectionHeading id="bottles-heading" eyebrow="From our grove" title="Our bottles">
          Two oils in 375 ml bottles, and all three of our oils side by side in the Tasting
          Collection.
        </SectionHeading>
        <BottleList itemIds={homeBottles} />
      </section>
      <div className="bg-parchment">
        <Carousel label="Why our oil" slides={groveSlides} />
      </div>
      <ImageBanner banner={banners.academy} />
      <ImageBanner banner={banners.ourStory} />
    </>
  );
}
