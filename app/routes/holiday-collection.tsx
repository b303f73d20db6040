import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { ProductsJsonLd } from "~/components/seo/ProductsJsonLd";
import { AddToCartButton } from "~/components/storefront/AddToCartButton";
import { useCatalog } from "~/components/storefront/catalog";
import { HeroSection } from "~/components/storefront/HeroSection";
import { ItemImage } from "~/components/storefront/media";
import { SectionHeading } from "~/components/storefront/SectionHeading";
import { formatMoney } from "~core/money";
import type { Route } from "./+types/holiday-collection";

export const handle: RouteHandle = { navbar: "main", navbarVariant: "black", bottomCta: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Holiday Collection",
    description: "Three of our oils in a gift box, ready for the holidays.",
  });

const inTheBox = [
  "Premium, Luxe and Private Reserve, 375 ml each",
  "A gift box tied with a ribbon",
  "From the latest harvest, never older than 18 months",
  "Shipped within 1 business day, anywhere in the US",
];

function BuyNow({ className }: { className: string }) {
  const { priceCents } = useCatalog().holidayTastingCollection;
  return (
    <AddToCartButton
      itemId="holidayTastingCollection"
      className={className}
      label={`Buy Now ${formatMoney(priceCents)}`}
    />
  );
}

export default function HolidayCollectionPage() {
  const item = useCatalog().holidayTastingCollection;
  return (
    <>
      <ProductsJsonLd offers={[{ itemId: item.id, priceCents: item.priceCents }]} />
      <HeroSection
        image="/images/scenes/holiday-hero.svg"
        eyebrow="The Holiday Collection"
        title="Gift what's True"
        art="subject"
      >
        <p>
          Our three oils in a ribboned gift box: a present for the cook who has everything, and the
          host who deserves more.
        </p>
        <BuyNow className="btn-gold" />
      </HeroSection>
      <section
        aria-labelledby="in-the-box"
        className="container-page grid items-center gap-12 py-20 md:grid-cols-2"
      >
        <ItemImage
          itemId="holidayTastingCollection"
          alt="The holiday gift box with a red ribbon and three bottles"
          className="mx-auto h-80 w-auto sm:h-96"
          sizes="(min-width: 40rem) 288px, 240px"
        />
        <div className="space-y-6">
          <SectionHeading id="in-the-box" eyebrow={item.name} title="What is in the box">
            {item.description}
          </SectionHeading>
          <ul className="space-y-3 text-olive-900">
            {inTheBox.map((line) => (
              <li key={line} className="flex gap-3">
                <span aria-hidden="true" className="text-gold-600">
                  ✦
                </span>
                {line}
              </li>
            ))}
          </ul>
          <BuyNow className="btn-primary" />
        </div>
      </section>
    </>
  );
}
