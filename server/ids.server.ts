import { randomBytes } from "node:crypto";

/** An unguessable id: 128 random bits by default, URL-safe. */
export function randomId(prefix = "", bytes = 16): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A short order number a customer can read out on the phone: 10 characters, 50 random bits. */
export function orderNumber(): string {
  return Array.from(randomBytes(10), (byte) => crockford[byte % 32]).join("");
}
