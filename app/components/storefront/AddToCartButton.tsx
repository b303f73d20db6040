import { fullName, type ItemId } from "~core/catalog";
import { CartForm } from "../cart/CartForm";
import { useCart } from "../cart/cart-context";
import { useCatalog } from "./catalog";
import { useShelves } from "./shelves";

function Unavailable({ children, name }: { children: string; name: string }) {
  return (
    <p className="inline-flex min-h-11 w-full items-center justify-center rounded-full border border-olive-300 px-6 py-2.5 text-sm font-semibold tracking-wide text-olive-800">
      {children}
      <span className="sr-only">: {name}</span>
    </p>
  );
}

/**
 * Adds one item and opens the drawer; screen readers also hear which item. An item the shelves
 * cannot fill says 'Sold out' instead, and one the owner stopped selling 'Not available'.
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
  const item = useCatalog()[itemId];
  const unitsAvailable = useShelves().unitsAvailable(itemId);
  if (!item.active) return <Unavailable name={fullName(item)}>Not available</Unavailable>;
  if (unitsAvailable === 0) return <Unavailable name={fullName(item)}>Sold out</Unavailable>;
  return (
    <CartForm intent="add" itemId={itemId} onChange={() => add(itemId)}>
      <button type="submit" aria-label={`${label}, ${fullName(item)}`} className={className}>
        {label}
      </button>
    </CartForm>
  );
}
