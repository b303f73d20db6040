/**
 * Opening a checkout: the cart's item ids and quantities come in,
 * the server prices everything from its own catalog, asks the provider for a hosted session and
 * records what the session was opened for.
 */
import { randomUUID } from "node:crypto";
import { type Catalog, fullName, orderItemName } from "~core/catalog";
import {
  type CheckoutError,
  type CheckoutRequest,
  needsRestaurantAccess,
  parseCheckoutRequest,
} from "~core/checkout";
import { checkoutMessages } from "~core/checkout-messages";
import { shopDate } from "~core/dates";
import { cartRefusal, type PricedCart, type Promotion, priceCart } from "~core/pricing";
import { type CodeRefusal, promoCodeMessages } from "~core/promo-notice";
import { holdMarginMs } from "~core/stock";
import { readCatalog } from "../catalog/catalog.server";
import type { CheckoutLine, OrderPromotion } from "../db/schema.server";
import { consumeRateLimit } from "../http/rate-limit.server";
import type { PaymentServices } from "../payments/context.server";
import {
  confirmationUrl,
  recordCheckoutSession,
  sessionLifetimeMs,
} from "../payments/sessions.server";
import {
  attachUseToSession,
  describePromotion,
  findPromotionByCode,
  heldByTheSameShopper,
  type PromotionRow,
  releaseUse,
  reservePromotionUse,
} from "../promotions/promotions.server";
import { readShopSettings } from "../settings/settings.server";
import { holdBottles, releaseHolds } from "../stock/stock.server";
import { releaseWhatSessionHeld } from "./cancel.server";

export type CheckoutServices = Pick<PaymentServices, "db" | "config" | "payments" | "log">;

/** The signed-in customer, when there is one: the session is opened for their account. */
export interface SignedInCustomer {
  userId: string;
  email: string;
  paymentCustomerId: string | null;
}

export interface CreateCheckoutInput {
  /** The untrusted JSON body. */
  body: unknown;
  clientIp: string;
  cancelUrl: string;
  affiliate: string | null;
  customer?: SignedInCustomer | null;
  /** Restaurant mode ignores every promotion. */
  restaurantMode?: boolean;
  /** The sessions this browser opened before: a new checkout takes their promotion's hold. */
  openedSessionIds?: readonly string[];
}

export type CreateCheckoutResult =
  | { ok: true; sessionId: string; url: string }
  | { ok: false; status: 400 | 403 | 409 | 502; error: CheckoutError }
  | { ok: false; status: 429; error: CheckoutError; retryAfterSeconds: number };

export const checkoutRateLimit = { limit: 20, windowMs: 60_000 };

const failure = (status: 400 | 403 | 409 | 502, error: CheckoutError): CreateCheckoutResult => ({
  ok: false,
  status,
  error,
});

function checkoutLines(catalog: Catalog, priced: PricedCart): CheckoutLine[] {
  return priced.lines.map((line) => ({
    itemId: line.itemId,
    name: orderItemName(catalog[line.itemId]),
    quantity: line.quantity,
    listPriceCents: line.listPriceCents,
    priceCents: line.priceCents,
  }));
}

function orderPromotion(promotion: Promotion): OrderPromotion {
  return {
    couponId: promotion.couponId,
    codeName: promotion.code,
    amountOffCents: promotion.amountOffCents,
    percentOff: promotion.percentOff,
  };
}

const refusedCode = (reason: CodeRefusal | "unknown"): CreateCheckoutResult =>
  failure(400, {
    code: "promotion_refused",
    message: promoCodeMessages[reason === "unknown" ? "invalid" : reason],
  });

/** The promotion a checkout is priced with, and the use it reserved for a limited code. */
type HeldPromotion = { promotion: Promotion | null; useId: string | null };

/**
 * A code the checkout names must apply, or the checkout is refused with the reason: a shopper
 * never pays full price believing a code applied. An earlier open session of the same shopper
 * (same e-mail, or opened in the same browser) holding a use of the code is closed first and
 * gives it back; then a limited code's use is reserved for this checkout.
 */
async function holdPromotion(
  services: CheckoutServices,
  catalog: Catalog,
  request: CheckoutRequest,
  row: PromotionRow | null,
  shopper: { email: string | null; openedSessionIds: readonly string[] },
): Promise<HeldPromotion | { refused: CreateCheckoutResult }> {
  if (!request.promoCode) return { promotion: null, useId: null };
  if (!row) return { refused: refusedCode("unknown") };
  const { db, payments } = services;
  const held = await heldByTheSameShopper(db, row, {
    email: shopper.email,
    sessionIds: shopper.openedSessionIds,
  });
  for (const sessionId of held) {
    if (await payments.expireCheckoutSession(sessionId))
      await releaseWhatSessionHeld(db, sessionId);
  }
  const lookup = await describePromotion(db, row, { email: shopper.email });
  if (lookup.status === "unknown") return { refused: refusedCode("unknown") };
  if (lookup.status === "refused") return { refused: refusedCode(lookup.reason) };
  if (lookup.promotion.perCustomerLimited && !shopper.email) {
    return {
      refused: failure(400, { code: "email_needed", message: checkoutMessages.emailNeeded }),
    };
  }
  const cart = cartRefusal(catalog, request.items, lookup.promotion);
  if (cart) return { refused: refusedCode(cart) };
  const reservation = await reservePromotionUse(db, row, { email: shopper.email });
  if (!reservation.ok) return { refused: refusedCode(reservation.refusal) };
  return { promotion: reservation.promotion, useId: reservation.useId };
}

export async function createCheckout(
  services: CheckoutServices,
  input: CreateCheckoutInput,
): Promise<CreateCheckoutResult> {
  const { db, config, payments, log } = services;
  const parsed = parseCheckoutRequest(input.body);
  const restaurantMode = input.restaurantMode ?? false;
  // The counter and the two reads go to the database together; every request counts against
  // the limit, valid or not.
  const promoCode = parsed.ok && !restaurantMode ? parsed.request.promoCode : undefined;
  const [limit, shopSettings, catalog, promotionRow] = await Promise.all([
    consumeRateLimit(db, `checkout:${input.clientIp}`, checkoutRateLimit),
    readShopSettings(db, config),
    readCatalog(db),
    promoCode ? findPromotionByCode(db, promoCode) : null,
  ]);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      error: { code: "rate_limited", message: checkoutMessages.rateLimited },
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  if (!parsed.ok) return failure(400, parsed.error);
  if (needsRestaurantAccess(parsed.request, restaurantMode)) {
    return failure(403, { code: "restaurant_only", message: checkoutMessages.restaurantOnly });
  }
  const { request } = parsed;
  const withdrawn = request.items.find((line) => !catalog[line.itemId].active);
  if (withdrawn) {
    return failure(409, {
      code: "not_available",
      message: checkoutMessages.notAvailable(fullName(catalog[withdrawn.itemId])),
    });
  }
  const customer = input.customer ?? null;
  const email = customer?.email ?? request.email ?? null;
  // Restaurant mode ignores every promotion.
  const held = restaurantMode
    ? { promotion: null, useId: null }
    : await holdPromotion(services, catalog, request, promotionRow, {
        email,
        openedSessionIds: input.openedSessionIds ?? [],
      });
  if ("refused" in held) return held.refused;
  const priced = priceCart(request.items, {
    catalog,
    promotion: held.promotion,
    localPickup: request.localPickup,
    restaurantMode,
    freeShippingMinCents: shopSettings.freeShippingMinCents,
    standardShippingCents: shopSettings.standardShippingCents,
  });
  const lines = checkoutLines(catalog, priced);
  const promotion =
    held.promotion && priced.promotionApplies ? orderPromotion(held.promotion) : null;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const holdKey = randomUUID();
  const shelves = await holdBottles(db, {
    holdKey,
    lines: request.items,
    expiresAt: new Date(expiresAt.getTime() + holdMarginMs),
    today: shopDate(now, shopSettings.shopTimeZone),
    now,
    publicUrl: config.publicUrl,
  });
  if (!shelves.ok) {
    if (held.useId) await releaseUse(db, held.useId);
    return failure(409, {
      code: "out_of_stock",
      message: checkoutMessages.outOfStock(fullName(catalog[shelves.itemId]), shelves.message),
    });
  }
  try {
    const session = await payments.createCheckoutSession({
      mode: priced.mode,
      lines,
      shippingCents: priced.shippingCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      localPickup: request.localPickup,
      promotion,
      customer: { email, customerId: customer?.paymentCustomerId ?? null },
      affiliate: input.affiliate,
      successUrl: confirmationUrl(config.publicUrl),
      cancelUrl: input.cancelUrl,
      expiresAt,
    });
    if (held.useId) await attachUseToSession(db, held.useId, session.id);
    await recordCheckoutSession(db, {
      id: session.id,
      provider: payments.name,
      mode: priced.mode,
      items: lines,
      hasLocalPickup: request.localPickup,
      promotionCode: promotion?.codeName ?? null,
      promotion,
      affiliate: input.affiliate,
      customerEmail: email,
      paymentCustomerId: customer?.paymentCustomerId ?? null,
      userId: customer?.userId ?? null,
      subtotalCents: priced.subtotalCents,
      shippingCents: priced.shippingCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      cancelUrl: input.cancelUrl,
      holdKey,
    });
    return { ok: true, sessionId: session.id, url: session.url };
  } catch (error) {
    if (held.useId) await releaseUse(db, held.useId);
    await releaseHolds(db, { holdKey });
    log.error({ err: error }, "checkout session could not be opened");
    return failure(502, { code: "provider_error", message: checkoutMessages.providerError });
  }
}

/** The page the shopper came from, when it is one of the shop's; otherwise the home page. */
export function cancelUrlFrom(referer: string | null, publicUrl: string): string {
  const home = `${publicUrl}/`;
  if (!referer) return home;
  try {
    const url = new URL(referer);
    return url.origin === new URL(publicUrl).origin ? url.toString() : home;
  } catch {
    return home;
  }
}
