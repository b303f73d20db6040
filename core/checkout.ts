/**
 * What the browser may send to start a checkout: item ids and quantities, the local-pickup
 * choice and a promotion code. Never a price: the server prices the cart itself.
 */
import { z } from "zod";
import { isValidQuantity } from "./cart";
import { type ItemId, isItemId, isRestaurantBottleId } from "./catalog";
import { checkoutMessages } from "./checkout-messages";
import { validators } from "./field-rules";

export interface CheckoutRequest {
  items: Array<{ itemId: ItemId; quantity: number }>;
  localPickup: boolean;
  promoCode?: string;
  /** A guest's e-mail, asked for when the promo code is limited per customer. */
  email?: string;
}

export type CheckoutErrorCode =
  | "invalid_request"
  | "price_not_accepted"
  | "empty_cart"
  | "unknown_item"
  | "invalid_quantity"
  | "restaurant_only"
  | "promotion_refused"
  | "email_needed"
  | "out_of_stock"
  | "not_available"
  | "rate_limited"
  | "provider_error";

export interface CheckoutError {
  code: CheckoutErrorCode;
  message: string;
}

const moneyWords = /price|amount|total|discount|shipping|cost|cents/i;

const lineSchema = z.strictObject({ itemId: z.string().max(64), quantity: z.unknown() });
const requestSchema = z.strictObject({
  items: z.array(lineSchema).max(50),
  localPickup: z.boolean().default(false),
  promoCode: z.string().trim().max(64).optional(),
  email: z.string().trim().max(254).optional(),
});

const allowedRequestKeys = new Set(["items", "localPickup", "promoCode", "email"]);
const allowedLineKeys = new Set(["itemId", "quantity"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The keys of a raw JSON object outside `allowed`, `__proto__` included. */
function extraKeys(value: unknown, allowed: Set<string>): string[] {
  return isRecord(value) ? Object.keys(value).filter((key) => !allowed.has(key)) : [];
}

/** Unknown keys of the request and of its lines, read before any parsing can drop them. */
function unknownKeys(body: unknown): string[] {
  const items = isRecord(body) && Array.isArray(body.items) ? body.items : [];
  return [
    ...extraKeys(body, allowedRequestKeys),
    ...items.flatMap((line) => extraKeys(line, allowedLineKeys)),
  ];
}

type ParseResult = { ok: true; request: CheckoutRequest } | { ok: false; error: CheckoutError };

const refuse = (code: CheckoutErrorCode, message: string): ParseResult => ({
  ok: false,
  error: { code, message },
});

/** Checks an untrusted checkout request; the first problem found is the one reported. */
export function parseCheckoutRequest(body: unknown): ParseResult {
  const extras = unknownKeys(body);
  if (extras.some((key) => moneyWords.test(key))) {
    return refuse("price_not_accepted", checkoutMessages.priceNotAccepted);
  }
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return refuse("invalid_request", checkoutMessages.invalidRequest);
  const { items, localPickup, promoCode, email } = parsed.data;
  if (items.length === 0) return refuse("empty_cart", checkoutMessages.emptyCart);
  const lines: CheckoutRequest["items"] = [];
  for (const { itemId, quantity } of items) {
    if (!isItemId(itemId)) return refuse("unknown_item", checkoutMessages.unknownItem(itemId));
    if (!isValidQuantity(quantity)) {
      return refuse("invalid_quantity", checkoutMessages.invalidQuantity);
    }
    lines.push({ itemId, quantity });
  }
  if (new Set(lines.map((line) => line.itemId)).size !== lines.length) {
    return refuse("invalid_request", checkoutMessages.duplicateItem);
  }
  const emailError = email ? validators.email(email) : null;
  if (emailError) return refuse("invalid_request", emailError);
  return {
    ok: true,
    request: {
      items: lines,
      localPickup,
      ...(promoCode ? { promoCode } : {}),
      ...(email ? { email } : {}),
    },
  };
}

/** Items only partner restaurants may buy (the 750 ml bottles): refused without restaurant access. */
export function needsRestaurantAccess(request: CheckoutRequest, restaurantMode: boolean): boolean {
  return !restaurantMode && request.items.some((line) => isRestaurantBottleId(line.itemId));
}
