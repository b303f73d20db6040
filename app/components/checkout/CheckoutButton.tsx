import { useEffect, useId, useState } from "react";
import { checkoutMessages } from "~core/checkout-messages";
import { validators } from "~core/field-rules";
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
  /** The code is limited per customer and the shopper is a guest: their e-mail comes first. */
  askEmail?: boolean;
}

/**
 * The cart's checkout button: disabled while the session is created, then off to the provider;
 * on failure it is enabled again and the error shows.
 */
export function CheckoutButton({
  lines,
  localPickup,
  promoCode,
  askEmail = false,
}: CheckoutButtonProps) {
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailId = useId();

  useEffect(() => {
    checkoutCode().catch(() => undefined); // pressing the button tries again
  }, []);

  const checkout = async () => {
    const invalidEmail = askEmail ? validators.email(email) : null;
    setEmailError(invalidEmail);
    if (invalidEmail) return;
    setCreating(true);
    setError(null);
    const failure = await checkoutCode().then(
      ({ runCheckout }) =>
        runCheckout({
          items: lines.map(({ itemId, quantity }) => ({ itemId, quantity })),
          localPickup,
          ...(promoCode ? { promoCode } : {}),
          ...(askEmail ? { email: email.trim() } : {}),
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
      {askEmail ? (
        <div className="space-y-1">
          <label htmlFor={emailId} className="block text-sm font-semibold">
            Email
          </label>
          <p id={`${emailId}-hint`} className="text-sm text-olive-800">
            This code is limited per customer.
          </p>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={`${emailId}-hint ${emailId}-error`}
            className="min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3 text-base"
          />
          <p id={`${emailId}-error`} className="text-sm text-red-800">
            {emailError}
          </p>
        </div>
      ) : null}
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
