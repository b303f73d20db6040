import { Link } from "react-router";
import { track } from "~/components/analytics/track";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { BottleList } from "~/components/storefront/BottleList";
import { GroveCarousel } from "~/components/storefront/GroveCarousel";
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

const homeBottles = ["luxe", "privateReserve", "tastingCollection"] as const;

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
          onClick={() => track({ name: "click", label: "bottles_and_more" })}
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
        <GroveCarousel />
      </div>
      <ImageBanner banner={banners.academy} />
      <ImageBanner banner={banners.ourStory} />
    </>
  );
}
