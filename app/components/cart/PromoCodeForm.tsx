import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import type { Route } from "~/routes/+types/cart";
import { cartIntents, intentField, promoCodeField } from "~core/form-intent";
import { promoCodeMessages } from "~core/promo-notice";
import { useCart } from "./cart-context";
import { AppliedCodeWords } from "./promo-words";

/** What 'Apply' answered: to the drawer's fetcher, or with the cart page when posted without scripts. */
export type PromoCodeAnswer = NonNullable<Route.ComponentProps["actionData"]>;

function PromoCodeMessage({ answer }: { answer: PromoCodeAnswer }) {
  if (answer.outcome === "applied") {
    return <AppliedCodeWords promotion={answer.promotion} codeClassName="text-olive-950" />;
  }
  return <span className="text-red-800">{promoCodeMessages[answer.outcome]}</span>;
}

/**
 * 'Promo code' and 'Apply': a form posted to `/cart` that works before the page's scripts run;
 * once they run, its fetcher answers in place and the page prices its cart with the applied
 * code (the root loader does not run again: see `shouldRevalidate` in root.tsx). The message
 * sits beside the field; a refused code stays in the field to be corrected.
 */
export function PromoCodeForm({ pageAnswer }: { pageAnswer: PromoCodeAnswer | undefined }) {
  const fetcher = useFetcher<PromoCodeAnswer>();
  const { applyPromotion } = useCart();
  const answer = fetcher.data ?? pageAnswer;
  const form = useRef<HTMLFormElement>(null);
  const fieldId = useId();
  const messageId = useId();
  const refused = answer !== undefined && answer.outcome !== "applied";

  useEffect(() => {
    if (fetcher.data?.outcome !== "applied") return;
    applyPromotion(fetcher.data.promotion);
    form.current?.reset();
  }, [fetcher.data, applyPromotion]);

  return (
    <fetcher.Form ref={form} method="post" action="/cart" className="space-y-1.5">
      <input type="hidden" name={intentField} value={cartIntents.applyPromoCode} />
      <label htmlFor={fieldId} className="block text-sm font-semibold">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={fieldId}
          name={promoCodeField}
          defaultValue={refused ? answer.typed : ""}
          required
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={messageId}
          aria-invalid={refused || undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-olive-500 bg-white px-3 text-base"
        />
        <button type="submit" className="btn-outline" disabled={fetcher.state !== "idle"}>
          Apply
        </button>
      </div>
      <p id={messageId} role="status" className="text-sm text-olive-900">
        {answer ? <PromoCodeMessage answer={answer} /> : null}
      </p>
    </fetcher.Form>
  );
}
