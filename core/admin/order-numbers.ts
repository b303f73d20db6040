/**
 * The order numbers a back-office request names at once: the inbox's selection and the packing
 * slips' address. Each is read as the order page reads its own, upper-cased, and counted once.
 */
import { z } from "zod";

/** Order numbers are short and plain; anything else names no order. */
export const orderNumberPattern = /^[A-Za-z0-9]{1,32}$/;

/** The most orders one request may name: four pages of the inbox. */
export const maxOrdersAtOnce = 100;

export const orderNumbersMessages = {
  none: "No orders were chosen: please choose at least one order",
  tooMany: `Please choose at most ${maxOrdersAtOnce} orders at once`,
} as const;

export type OrderNumbers =
  | {
      ok: true;
      /** The readable numbers, upper-cased, each once, in the order they were given. */
      orderIds: string[];
      /** What was given that cannot be an order number, cut to a number's length for display. */
      unreadable: string[];
    }
  | { ok: false; error: string };

const orderNumberSchema = z
  .string()
  .regex(orderNumberPattern)
  .transform((text) => text.toUpperCase());

function shownAs(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 32) : "(a file)";
}

/**
 * Reads the `order` values of a form or an address. Blank values are left out; none at all, or
 * more than `maxOrdersAtOnce` different ones, is refused.
 */
export function readOrderNumbers(values: readonly unknown[]): OrderNumbers {
  const orderIds = new Set<string>();
  const unreadable = new Set<string>();
  for (const given of values) {
    const value = typeof given === "string" ? given.trim() : given;
    if (value === "") continue;
    const parsed = orderNumberSchema.safeParse(value);
    if (parsed.success) orderIds.add(parsed.data);
    else unreadable.add(shownAs(value));
  }
  const count = orderIds.size + unreadable.size;
  if (count === 0) return { ok: false, error: orderNumbersMessages.none };
  if (count > maxOrdersAtOnce) return { ok: false, error: orderNumbersMessages.tooMany };
  return { ok: true, orderIds: [...orderIds], unreadable: [...unreadable] };
}
