import { useLocation } from "react-router";
import type { ItemId } from "~core/catalog";
import { productJsonLd } from "~core/structured-data";
import { useCatalog } from "../storefront/catalog";
import { useRootData } from "../storefront/use-root-data";
import { JsonLd } from "./JsonLd";

/** Product and Offer data for the items a page sells, at the prices it shows. */
export function ProductsJsonLd({
  offers,
}: {
  offers: ReadonlyArray<{ itemId: ItemId; priceCents: number }>;
}) {
  const { brand, publicUrl } = useRootData();
  const { pathname } = useLocation();
  const catalog = useCatalog();
  const products = import.meta.env.SSR
    ? offers.map(({ itemId, priceCents }) =>
        productJsonLd(
          {
            item: catalog[itemId],
            description: catalog[itemId].description,
            pagePath: pathname,
            priceCents,
          },
          { brandName: brand.name, publicUrl },
        ),
      )
    : null;
  return <JsonLd data={products} />;
}
