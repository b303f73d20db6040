import { formatMoney, priceSuffix } from "~core/money";
import { displayPriceCents } from "~core/pricing";
import { useCart } from "../cart/cart-context";
import { AddToCartButton } from "./AddToCartButton";
import { useCatalog } from "./catalog";
import { PriceTag } from "./PriceTag";
import { SplitSection } from "./SplitSection";
import { scenes } from "./scenes";

const variants = {
  default: {
    eyebrow: "The Tasting Collection",
    title: "Three oils, one table",
    body:
      "Premium, Luxe and Private Reserve in 375 ml bottles. Pour them side by side with warm " +
      "bread and taste what the hours from tree to press change.",
  },
  beforeMembership: {
    eyebrow: "Not ready to commit?",
    title: "Start with the Tasting Collection",
    body:
      "Try Premium, Luxe and Private Reserve side by side before you choose a membership. " +
      "You will know which oil belongs in your kitchen every month.",
  },
} as const;

/** The tasting collection block, also in a variant for shoppers who are not members yet. */
export function TastingPromo({ variant = "default" }: { variant?: keyof typeof variants }) {
  const { promotion, restaurantMode } = useCart();
  const text = variants[variant];
  const catalog = useCatalog();
  const item = catalog.tastingCollection;
  const priceCents = displayPriceCents(catalog, "tastingCollection", promotion, restaurantMode);
  return (
    <SplitSection image={scenes.tasting} labelledBy={`tasting-${variant}`} shaded>
      <p className="eyebrow">{text.eyebrow}</p>
      <h2 id={`tasting-${variant}`} className="text-3xl sm:text-4xl">
        {text.title}
      </h2>
      <p className="text-lg leading-relaxed text-olive-900">{text.body}</p>
      <PriceTag
        priceCents={priceCents}
        listPriceCents={item.priceCents}
        suffix={priceSuffix(item)}
        className="text-xl"
      />
      <AddToCartButton
        itemId="tastingCollection"
        className="btn-primary"
        label={`Add to cart - ${formatMoney(priceCents)}`}
      />
    </SplitSection>
  );
}
