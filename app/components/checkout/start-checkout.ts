/**
 * The browser side of checkout: sends the cart's item ids and quantities to `/api/checkout` and
 * returns the provider's URL, or the error to show.
 */
import { z } from "zod";
import type { CheckoutRequest } from "~core/checkout";
import { checkoutMessages } from "~core/checkout-messages";
import { checkoutMode } from "~core/pricing";
import { type AnalyticsEvent, track } from "../analytics/track";

export type StartCheckoutResult = { url: string } | { error: { message: string; code?: string } };

const responseSchema = z.union([
  z.object({ url: z.string().min(1) }),
  z.object({ error: z.object({ message: z.string().min(1), code: z.string().optional() }) }),
]);

/** 'Something went wrong. Please try again' for an empty or unreadable answer, or no answer. */
const somethingWentWrong: StartCheckoutResult = {
  error: { message: checkoutMessages.providerError },
};

export async function startCheckout(
  request: CheckoutRequest,
  send: typeof fetch = fetch,
): Promise<StartCheckoutResult> {
  try {
    const response = await send("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
    });
    const text = await response.text();
    const parsed = responseSchema.safeParse(text ? JSON.parse(text) : null);
    return parsed.success ? parsed.data : somethingWentWrong;
  } catch {
    return somethingWentWrong;
  }
}

export interface CheckoutEffects {
  start: (request: CheckoutRequest) => Promise<StartCheckoutResult>;
  track: (event: AnalyticsEvent) => void;
  redirect: (url: string) => void;
}

const browserEffects: CheckoutEffects = {
  start: (request) => startCheckout(request),
  track,
  redirect: (url) => window.location.assign(url),
};

/**
 * What the checkout button does: records the click, opens the
 * session, then goes to the provider or returns the error to show (also recorded).
 */
export async function runCheckout(
  request: CheckoutRequest,
  effects: CheckoutEffects = browserEffects,
): Promise<{ message: string; code?: string } | null> {
  effects.track({ name: "checkout_click", label: checkoutMode(request.items) });
  const result = await effects.start(request);
  if ("url" in result) {
    effects.track({ name: "checkout_session_created" });
    effects.redirect(result.url);
    return null;
  }
  effects.track({ name: "checkout_session_error", label: result.error.message });
  return result.error;
}
