import { fullName, type ItemId } from "~core/catalog";
import { CartForm } from "../cart/CartForm";
import { useCart } from "../cart/cart-context";
import { LazyCartDrawer } from "../cart/lazy";
import { useShelves } from "./shelves";

/**
 * Adds one item and opens the drawer; screen readers also hear which item. An item the shelves
 * cannot fill says 'Sold out' instead.
 */
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
  if (useShelves().unitsAvailable(itemId) === 0) {
    return (
      <p className="inline-flex min-h-11 w-full items-center justify-center rounded-full border border-olive-300 px-6 py-2.5 text-sm font-semibold tracking-wide text-olive-800">
        Sold out<span className="sr-only">: {fullName(itemId)}</span>
      </p>
    );
  }
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
