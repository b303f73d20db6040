import { useEffect, useRef } from "react";
import { fullName, type ItemId, sizeText } from "~core/catalog";
import { formatMoney } from "~core/money";
import { shippingLabel } from "~core/order-summary";
import { freeShippingProgress, type PricedLine } from "~core/pricing";
import { stockShortage } from "~core/stock";
import { CheckoutButton } from "../checkout/CheckoutButton";
import { useCatalog } from "../storefront/catalog";
import { ItemImage, LineIcon } from "../storefront/media";
import { PriceTag } from "../storefront/PriceTag";
import { useShelves } from "../storefront/shelves";
import { CartForm } from "./CartForm";
import { useCart } from "./cart-context";
import { type PromoCodeAnswer, PromoCodeForm } from "./PromoCodeForm";

function QuantityButton({
  label,
  symbol,
  intent,
  itemId,
  onChange,
}: {
  label: string;
  symbol: string;
  intent: "add" | "remove";
  itemId: ItemId;
  onChange: () => void;
}) {
  return (
    <CartForm intent={intent} itemId={itemId} onChange={onChange}>
      <button
        type="submit"
        aria-label={label}
        className="flex size-11 items-center justify-center rounded-full border border-olive-200 text-lg text-olive-900 hover:bg-olive-100"
      >
        <span aria-hidden="true">{symbol}</span>
      </button>
    </CartForm>
  );
}

function CartLineItem({ line }: { line: PricedLine }) {
  const { add, remove } = useCart();
  const item = useCatalog()[line.itemId];
  const name = fullName(item);
  const units = useShelves().unitsAvailable(line.itemId);
  const shortage = units === null ? null : stockShortage(units, line.quantity);
  return (
    <li className="flex gap-4 py-4">
      <ItemImage
        itemId={line.itemId}
        className="h-20 w-15 shrink-0 rounded-lg bg-parchment"
        sizes="60px"
      />
      <div className="min-w-0 flex-1">
        <p className="font-serif text-lg text-olive-950">{item.name}</p>
        <p className="text-xs text-olive-800">{sizeText(item)}</p>
        <PriceTag
          priceCents={line.priceCents}
          listPriceCents={line.listPriceCents}
          className="mt-1 text-sm"
        />
        <div className="mt-2 flex items-center gap-2">
          <QuantityButton
            label={`Remove one ${name}`}
            symbol="−"
            intent="remove"
            itemId={line.itemId}
            onChange={() => remove(line.itemId)}
          />
          <span className="min-w-6 text-center font-semibold">
            <span className="sr-only">Quantity of {name}: </span>
            {line.quantity}
          </span>
          <QuantityButton
            label={`Add one ${name}`}
            symbol="+"
            intent="add"
            itemId={line.itemId}
            onChange={() => add(line.itemId, { showDrawer: false })}
          />
        </div>
        {shortage ? <p className="mt-1 text-sm font-semibold text-red-800">{shortage}</p> : null}
      </div>
      <p className="font-semibold text-olive-950">{formatMoney(line.discountedTotalCents)}</p>
    </li>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

/** The cart's lines with + and −, each a form that works before the page's scripts run. */
export function CartLines({ className }: { className?: string }) {
  const { priced } = useCart();
  return (
    <ul className={`divide-y divide-olive-200 ${className ?? ""}`}>
      {priced.lines.map((line) => (
        <CartLineItem key={line.itemId} line={line} />
      ))}
    </ul>
  );
}

/**
 * How far the goods are from free shipping, or that they reached it; nothing when shipping is
 * free for another reason (local pickup, a membership).
 */
function FreeShippingProgressLine() {
  const { priced, localPickup, freeShippingMinCents } = useCart();
  const progress = freeShippingProgress(priced, { localPickup, freeShippingMinCents });
  if (!progress) return null;
  if (progress.kind === "reached") {
    return <p className="text-sm font-semibold text-olive-900">Your order ships free</p>;
  }
  const reachedShare = 1 - progress.remainingCents / freeShippingMinCents;
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-semibold text-olive-900">
        {formatMoney(progress.remainingCents)} away from free shipping
      </p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-olive-200">
        <div
          className="h-full rounded-full bg-gold-500"
          style={{ width: `${Math.round(reachedShare * 100)}%` }}
        />
      </div>
      <p className="text-xs text-olive-800">
        Free shipping on orders of {formatMoney(freeShippingMinCents)} or more, and on every
        membership.
      </p>
    </div>
  );
}

/**
 * The promo code field, the way to free shipping, subtotal, discount, shipping, total, local
 * delivery and the checkout button. `promoCodeAnswer`: the field's answer that came with the
 * page (the cart page, after a form posted without scripts).
 */
export function CartSummary({ promoCodeAnswer }: { promoCodeAnswer?: PromoCodeAnswer }) {
  const { lines, priced, promotion, localPickup, setLocalPickup, restaurantMode, signedIn } =
    useCart();
  return (
    <div className="space-y-4 border-t border-olive-200 px-6 py-5">
      {/* Restaurant mode ignores every promotion. */}
      {restaurantMode ? null : <PromoCodeForm pageAnswer={promoCodeAnswer} />}
      <dl className="space-y-1.5 text-sm">
        <SummaryRow label="Subtotal" value={formatMoney(priced.subtotalCents)} />
        {priced.discountCents > 0 ? (
          <SummaryRow
            label={promotion ? `Discount (${promotion.code})` : "Discount"}
            value={`−${formatMoney(priced.discountCents)}`}
          />
        ) : null}
        <SummaryRow
          label={shippingLabel(priced.shippingCents)}
          value={formatMoney(priced.shippingCents)}
        />
        <div className="flex justify-between gap-4 border-t border-olive-200 pt-2 text-base">
          <dt className="font-semibold">Total</dt>
          <dd className="font-semibold">{formatMoney(priced.totalCents)}</dd>
        </div>
      </dl>
      <div aria-live="polite">
        <FreeShippingProgressLine />
      </div>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-parchment px-4 py-3 text-sm">
        <input
          type="checkbox"
          checked={localPickup}
          onChange={(event) => setLocalPickup(event.target.checked)}
          className="mt-0.5 size-5 accent-olive-900"
        />
        <span>
          <span className="block font-semibold">Local delivery in Mountain View</span>
          <span className="block text-olive-800">Collect your order in Mountain View, CA.</span>
        </span>
      </label>
      <CheckoutButton
        lines={lines}
        localPickup={localPickup}
        promoCode={promotion?.code}
        askEmail={Boolean(promotion?.perCustomerLimited) && priced.promotionApplies && !signedIn}
      />
    </div>
  );
}

/** The slide-in cart: lines with + and −, shipping, discount, local delivery and checkout. */
export function CartDrawer() {
  const { priced, drawer, closeDrawer } = useCart();
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = drawer === "shown";

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeDrawer();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open, closeDrawer]);

  return (
    <div className={`fixed inset-0 z-50 ${open ? "" : "pointer-events-none"}`}>
      <div
        aria-hidden="true"
        onClick={closeDrawer}
        className={`absolute inset-0 animate-fade-in bg-olive-950/60 transition-opacity duration-500 ${
          open ? "opacity-100" : "opacity-0"
        }`}
      />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-drawer-title"
        data-state={drawer}
        className={`absolute inset-y-0 right-0 flex w-full max-w-md animate-drawer-in flex-col bg-cream shadow-2xl transition-transform duration-500 ${
          open ? "translate-x-0" : "translate-x-full"
        }`}
      >
        <header className="flex items-center justify-between gap-4 border-b border-olive-200 px-6 py-4">
          <div>
            <h2 id="cart-drawer-title" className="text-2xl">
              Your cart
            </h2>
            <p className="text-sm text-olive-800">
              Total <span className="font-semibold">{formatMoney(priced.totalCents)}</span>
            </p>
          </div>
          <button
            ref={closeButton}
            type="button"
            onClick={closeDrawer}
            className="flex size-11 items-center justify-center rounded-full hover:bg-black/5"
          >
            <span className="sr-only">Close cart</span>
            <LineIcon path="M6 6l12 12M18 6L6 18" />
          </button>
        </header>
        {/* Lines and summary scroll together, so checkout stays within reach on a short screen. */}
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
          <CartLines className="flex-1 px-6" />
          <CartSummary />
        </div>
      </section>
    </div>
  );
}
