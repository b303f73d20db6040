import type { ReactNode } from "react";
import type { ItemId } from "~core/catalog";
import { cartIntents, intentField } from "~core/form-intent";

/**
 * A change to the cart as a real form: before the page's scripts run (or without them) it posts
 * to `/cart`, which changes the cart's cookie; once they run, the form is not posted: `onChange`
 * changes the page's cart at once, and the page sends it on.
 */
export function CartForm({
  intent,
  itemId,
  onChange,
  className,
  children,
}: {
  intent: Exclude<keyof typeof cartIntents, "applyPromoCode">;
  itemId: ItemId;
  onChange: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action="/cart"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onChange();
      }}
    >
      <input type="hidden" name={intentField} value={cartIntents[intent]} />
      <input type="hidden" name="itemId" value={itemId} />
      {children}
    </form>
  );
}
