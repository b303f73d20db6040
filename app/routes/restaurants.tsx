import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { BottleList } from "~/components/storefront/BottleList";
import { Faq } from "~/components/storefront/Faq";
import { FoundersContact } from "~/components/storefront/FoundersContact";
import { HeroSection } from "~/components/storefront/HeroSection";
import { SectionHeading } from "~/components/storefront/SectionHeading";
import { restaurantBottleIds } from "~core/catalog";
import type { Route } from "./+types/restaurants";

export const handle: RouteHandle = {
  navbar: "restaurant",
  navbarVariant: "black",
  accessGate: "restaurant",
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "For Restaurants",
    description:
      "Single-estate extra virgin olive oil in 750 ml bottles for a select group of restaurants.",
  });

export default function RestaurantsPage() {
  return (
    <>
      <HeroSection
        image="/images/scenes/restaurant-hero.svg"
        eyebrow="For restaurants"
        title="Olive oil for kitchens that care"
        art="subject"
      >
        <p>Our single-estate oils in 750 ml bottles, at one honest price for every partner.</p>
      </HeroSection>
      <section aria-labelledby="restaurant-bottles" className="container-page space-y-10 py-20">
        <SectionHeading id="restaurant-bottles" eyebrow="750 ml" title="Bottles for the pass">
          Premium for the line, Luxe to finish, Private Reserve for the dishes your guests come back
          for.
        </SectionHeading>
        <BottleList itemIds={restaurantBottleIds} ignorePromotions />
      </section>
      <section aria-labelledby="cut-above" className="bg-olive-900 text-cream">
        <div className="container-page grid gap-10 py-20 md:grid-cols-2">
          <h2 id="cut-above" className="text-4xl text-cream sm:text-5xl">
            Be a cut above
          </h2>
          <div className="space-y-4 text-lg leading-relaxed text-cream/85">
            <p>
              We work with a select group of 15 restaurants for the next year, so that every one of
              them gets the oil it needs from the latest harvest, under 18 months old.
            </p>
            <p>
              Gold medals, no pesticides, profit sharing for all our workers, and a smoke point of
              405°F: an oil your menu can name, and your cooks can rely on.
            </p>
          </div>
        </div>
      </section>
      <FoundersContact />
      <Faq audience="restaurants" />
    </>
  );
}
