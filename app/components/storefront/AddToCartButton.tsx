import { fullName, type ItemId } from "~core/catalog";
import { CartForm } from "../cart/CartForm";
import { useCart } from "../cart/cart-context";
import { LazyCartDrawer } from "../cart/lazy";

/** Adds one item and opens the drawer; screen readers also hear which item. */
export function AddToCartButton({
  itemId,
  label,
  className = "btn-primary w-full",
}: {
  itemId: ItemId;
  /** The visible text, such as 'Add to cart - $33'. */
  label: string;
  className?: string;
}) {
  const { add } = useCart();
  return (
    <CartForm intent="add" itemId={itemId} onChange={() => add(itemId)}>
      <button
        type="submit"
        onPointerEnter={LazyCartDrawer.preload}
        onFocus={LazyCartDrawer.preload}
        aria-label={`${label}, ${fullName(itemId)}`}
        className={className}
      >
        {label}
      </button>
    </CartForm>
  );
}
