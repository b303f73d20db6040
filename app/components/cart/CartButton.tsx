import { useCallback, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { lazyWithPreload } from "../lazy-with-preload";
import { LineIcon } from "../storefront/media";
import { useCart } from "./cart-context";

const EmptyCartNotice = lazyWithPreload(() =>
  import("./EmptyCartNotice").then((module) => module.EmptyCartNotice),
);

const bagPath =
  "M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 8Z M9 8V6.5a3 3 0 0 1 6 0V8";

/**
 * The cart icon with its count; an empty cart explains itself in a small popup. Opening the cart
 * reads the page's data again, so a cart left open in a tab shows the prices of now. Before the
 * page's scripts have run, the button leads to the cart's page, which says the same.
 */
export function CartButton() {
  const { itemCount, openDrawer } = useCart();
  const { revalidate } = useRevalidator();
  const openCart = () => {
    openDrawer();
    void revalidate();
  };
  const [emptyNoticeOpen, setEmptyNoticeOpen] = useState(false);
  const closeEmptyNotice = useCallback(() => setEmptyNoticeOpen(false), []);
  const popupId = useId();
  const container = useRef<HTMLDivElement>(null);

  const label = itemCount === 1 ? "Cart, 1 item" : `Cart, ${itemCount} items`;
  return (
    <div ref={container} className="relative">
      <form method="get" action="/cart">
        <button
          type="submit"
          aria-label={label}
          aria-expanded={itemCount === 0 ? emptyNoticeOpen : undefined}
          aria-controls={itemCount === 0 ? popupId : undefined}
          onClick={(event) => {
            event.preventDefault();
            if (itemCount === 0) setEmptyNoticeOpen((open) => !open);
            else openCart();
          }}
          className="relative flex size-11 items-center justify-center rounded-full hover:bg-black/5"
        >
          <LineIcon path={bagPath} strokeWidth={1.6} />
          {itemCount > 0 ? (
            <span
              data-testid="cart-count"
              className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-500 px-1 text-xs font-bold text-olive-950"
            >
              {itemCount}
            </span>
          ) : null}
        </button>
      </form>
      {emptyNoticeOpen ? (
        <EmptyCartNotice id={popupId} container={container} onClose={closeEmptyNotice} />
      ) : null}
    </div>
  );
}
