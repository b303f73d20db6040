import { type ItemId, sizeText } from "~core/catalog";
import { formatMoney, priceSuffix } from "~core/money";
import { displayPriceCents, type Promotion } from "~core/pricing";
import { useCart } from "../cart/cart-context";
import { ProductsJsonLd } from "../seo/ProductsJsonLd";
import { AddToCartButton } from "./AddToCartButton";
import { useCatalog } from "./catalog";
import { ItemImage } from "./media";
import { PriceTag } from "./PriceTag";
import { useShelves } from "./shelves";
import { useRootData } from "./use-root-data";

function BottleCard({
  itemId,
  promotion,
  ignorePromotions,
}: {
  itemId: ItemId;
  promotion: Promotion | null;
  ignorePromotions: boolean;
}) {
  const catalog = useCatalog();
  const item = catalog[itemId];
  const priceCents = displayPriceCents(catalog, itemId, promotion, ignorePromotions);
  const harvest = useShelves().harvestOf(itemId);
  return (
    <li
      id={itemId}
      className="flex scroll-mt-24 flex-col overflow-hidden rounded-3xl bg-parchment ring-1 ring-olive-200"
    >
      <div className="flex justify-center bg-gradient-to-b from-olive-100 to-parchment px-6 pt-8">
        <ItemImage
          itemId={itemId}
          className="h-56 w-auto sm:h-64"
          sizes="(min-width: 40rem) 192px, 168px"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <div>
          <h3 className="text-2xl">{item.name}</h3>
          <p className="eyebrow mt-1">{sizeText(item)}</p>
          {harvest ? <p className="mt-1 text-sm text-olive-800">{harvest}</p> : null}
        </div>
        <p className="flex-1 leading-relaxed text-olive-900">{item.description}</p>
        <PriceTag
          priceCents={priceCents}
          listPriceCents={item.priceCents}
          suffix={priceSuffix(item)}
        />
        <AddToCartButton itemId={itemId} label={`Add to cart - ${formatMoney(priceCents)}`} />
      </div>
    </li>
  );
}

/**
 * Bottle cards with their prices under the visit's promotion, and the bulk-order e-mail.
 * `promotion` overrides the visit's (an influencer page); `ignorePromotions` lists list prices.
 */
export function BottleList({
  itemIds,
  promotion,
  ignorePromotions,
}: {
  itemIds: readonly ItemId[];
  promotion?: Promotion | null;
  ignorePromotions?: boolean;
}) {
  const cart = useCart();
  const catalog = useCatalog();
  const { brand } = useRootData();
  const shownPromotion = promotion === undefined ? cart.promotion : promotion;
  const listPricesOnly = ignorePromotions ?? cart.restaurantMode;
  const offers = itemIds.map((itemId) => ({
    itemId,
    priceCents: displayPriceCents(catalog, itemId, shownPromotion, listPricesOnly),
  }));
  return (
    <div className="space-y-8">
      <ProductsJsonLd offers={offers} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {itemIds.map((itemId) => (
          <BottleCard
            key={itemId}
            itemId={itemId}
            promotion={shownPromotion}
            ignorePromotions={listPricesOnly}
          />
        ))}
      </ul>
      <p className="text-center text-olive-900">
        Ordering for an office, an event or a shop? For bulk orders, write to us at{" "}
        <a
          href={`mailto:${brand.supportEmail}`}
          className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
        >
          {brand.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
