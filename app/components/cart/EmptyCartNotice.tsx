import { type RefObject, useEffect } from "react";
import { Link } from "react-router";

/** What the cart icon says when the cart is empty; it closes on Escape or a click elsewhere. */
export function EmptyCartNotice({
  id,
  container,
  onClose,
}: {
  id: string;
  /** The icon and the notice: a click inside it does not close the notice. */
  container: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  useEffect(() => {
    const closeOnOutside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) onClose();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("mousedown", closeOnOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOnOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [container, onClose]);

  return (
    <div
      id={id}
      className="absolute right-0 z-50 mt-2 w-72 rounded-xl border border-olive-200 bg-cream p-5 text-left text-ink shadow-xl"
    >
      <p className="text-sm leading-relaxed">
        You don't have any items in your cart yet. Add your first item.
      </p>
      <Link to="/our-olive-oils" onClick={onClose} className="btn-primary mt-4 w-full">
        Explore our olive oils
      </Link>
    </div>
  );
}
