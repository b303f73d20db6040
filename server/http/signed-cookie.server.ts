import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { clearCookieHeader, cookieValue, setCookieHeader } from "./cookies.server";

/**
 * A cookie whose value the shop wrote: a changed value, or a copy under another name, reads as
 * absent.
 */
export interface SignedCookie<T> {
  /** The value in a request's Cookie header; null when missing, altered or not of the schema. */
  read(cookieHeader: string | null | undefined): T | null;
  /** The Set-Cookie header that stores `value`. */
  write(value: T): string;
  /** The Set-Cookie header that removes the cookie. */
  clear(): string;
}

export interface SignedCookieOptions {
  secret: string;
  maxAgeSeconds: number;
  https: boolean;
}

/**
 * The value travels as base64url JSON followed by an HMAC-SHA256 of the cookie's name and that
 * JSON, keyed with the shop's secret.
 */
export function signedCookie<T>(
  name: string,
  schema: z.ZodType<T>,
  { secret, maxAgeSeconds, https }: SignedCookieOptions,
): SignedCookie<T> {
  const signature = (payload: string) =>
    createHmac("sha256", secret).update(`${name}=${payload}`).digest();
  const isGenuine = (payload: string, given: string) => {
    const expected = signature(payload);
    const received = Buffer.from(given, "base64url");
    return received.length === expected.length && timingSafeEqual(received, expected);
  };
  return {
    read(cookieHeader) {
      const value = cookieValue(cookieHeader, name);
      const separator = value?.lastIndexOf(".") ?? -1;
      if (!value || separator < 0) return null;
      const payload = value.slice(0, separator);
      if (!isGenuine(payload, value.slice(separator + 1))) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString()));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(value) {
      const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
      const signed = `${payload}.${signature(payload).toString("base64url")}`;
      return setCookieHeader(name, signed, { maxAgeSeconds, https });
    },
    clear: () => clearCookieHeader(name, https),
  };
}
