/**
 * Opening a checkout: the cart's item ids and quantities come in,
 * the server prices everything from its own catalog, asks the provider for a hosted session and
 * records what the session was opened for.
 */
import { randomUUID } from "node:crypto";
import { fullName, orderItemName } from "~core/catalog";
import { type CheckoutError, needsRestaurantAccess, parseCheckoutRequest } from "~core/checkout";
import { checkoutMessages } from "~core/checkout-messages";
import { shopDate } from "~core/dates";
import { type PricedCart, type Promotion, priceCart } from "~core/pricing";
import { holdMarginMs } from "~core/stock";
import type { CheckoutLine, OrderPromotion } from "../db/schema.server";
import { consumeRateLimit } from "../http/rate-limit.server";
import type { PaymentServices } from "../payments/context.server";
import {
  confirmationUrl,
  recordCheckoutSession,
  sessionLifetimeMs,
} from "../payments/sessions.server";
import { findActivePromotion } from "../promotions/promotions.server";
import { readShopSettings } from "../settings/settings.server";
import { attachHolds, holdBottles, releaseHolds } from "../stock/stock.server";

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

function checkoutLines(priced: PricedCart): CheckoutLine[] {
  return priced.lines.map((line) => ({
    itemId: line.itemId,
    name: orderItemName(line.itemId),
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

async function activePromotion(
  services: CheckoutServices,
  code: string | undefined,
  restaurantMode: boolean,
): Promise<{ promotion: Promotion | null } | { error: CheckoutError }> {
  if (!code || restaurantMode) return { promotion: null };
  const promotion = await findActivePromotion(services.db, code);
  if (promotion) return { promotion };
  return {
    error: { code: "promotion_inactive", message: checkoutMessages.promotionInactive(code) },
  };
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
  const [limit, found, shopSettings] = await Promise.all([
    consumeRateLimit(db, `checkout:${input.clientIp}`, checkoutRateLimit),
    activePromotion(services, parsed.ok ? parsed.request.promoCode : undefined, restaurantMode),
    readShopSettings(db, config),
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
  if ("error" in found) return failure(400, found.error);
  const { request } = parsed;
  const priced = priceCart(request.items, {
    promotion: found.promotion,
    localPickup: request.localPickup,
    restaurantMode,
    freeShippingMinCents: shopSettings.freeShippingMinCents,
    standardShippingCents: shopSettings.standardShippingCents,
  });
  const lines = checkoutLines(priced);
  const promotion =
    found.promotion && priced.promotionApplies ? orderPromotion(found.promotion) : null;
  const customer = input.customer ?? null;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const holdKey = randomUUID();
  const held = await holdBottles(db, {
    holdKey,
    lines: request.items,
    expiresAt: new Date(expiresAt.getTime() + holdMarginMs),
    today: shopDate(now, shopSettings.shopTimeZone),
    now,
    publicUrl: config.publicUrl,
  });
  if (!held.ok) {
    return failure(409, {
      code: "out_of_stock",
      message: checkoutMessages.outOfStock(fullName(held.itemId), held.message),
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
      customer: {
        email: customer?.email ?? null,
        customerId: customer?.paymentCustomerId ?? null,
      },
      affiliate: input.affiliate,
      successUrl: confirmationUrl(config.publicUrl),
      cancelUrl: input.cancelUrl,
      expiresAt,
    });
    await recordCheckoutSession(db, {
      id: session.id,
      provider: payments.name,
      mode: priced.mode,
      items: lines,
      hasLocalPickup: request.localPickup,
      promotionCode: promotion?.codeName ?? null,
      promotion,
      affiliate: input.affiliate,
      customerEmail: customer?.email ?? null,
      paymentCustomerId: customer?.paymentCustomerId ?? null,
      userId: customer?.userId ?? null,
      subtotalCents: priced.subtotalCents,
      shippingCents: priced.shippingCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      cancelUrl: input.cancelUrl,
    });
    await attachHolds(db, holdKey, session.id);
    return { ok: true, sessionId: session.id, url: session.url };
  } catch (error) {
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
