import { useEffect, useState } from "react";
import { checkoutMessages } from "~core/checkout-messages";
import type { CartLine } from "~core/pricing";
import { ServerErrorAlert } from "../alerts/ServerErrorAlert";

/**
 * The checkout's code, with the rules it reads the provider's answer by, is not part of the
 * cart: it is fetched once the button shows, and at the latest when it is pressed.
 */
const checkoutCode = () => import("./start-checkout");

export interface CheckoutButtonProps {
  lines: CartLine[];
  localPickup: boolean;
  promoCode?: string | null;
}

/**
 * The cart's checkout button: disabled while the session is created, then off to the provider;
 * on failure it is enabled again and the error shows.
 */
export function CheckoutButton({ lines, localPickup, promoCode }: CheckoutButtonProps) {
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);

  useEffect(() => {
    checkoutCode().catch(() => undefined); // pressing the button tries again
  }, []);

  const checkout = async () => {
    setCreating(true);
    setError(null);
    const failure = await checkoutCode().then(
      ({ runCheckout }) =>
        runCheckout({
          items: lines.map(({ itemId, quantity }) => ({ itemId, quantity })),
          localPickup,
          ...(promoCode ? { promoCode } : {}),
        }),
      () => ({ message: checkoutMessages.providerError }),
    );
    if (failure) {
      setError(failure);
      setCreating(false);
    }
  };

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={checkout}
        disabled={creating || lines.length === 0}
        aria-busy={creating}
        className="btn-primary w-full text-base"
      >
        {creating ? "Starting checkout…" : "Checkout"}
      </button>
      <ServerErrorAlert error={error} />
    </div>
  );
}
