/**
 * Card rules of the sandbox checkout page: the browser checks fields as they are typed, the
 * server checks them again. Only the brand, the last four digits and the expiry are ever kept.
 */
import type { Validator } from "./validation";

export type CardBrand = "amex" | "discover" | "mastercard" | "visa" | "unknown";

export const cardBrandNames: Record<CardBrand, string> = {
  amex: "American Express",
  discover: "Discover",
  mastercard: "Mastercard",
  visa: "Visa",
  unknown: "Card",
};

/** A card's expiry as printed on it: `03/29`. */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

export const cardMessages = {
  number: "Please enter a valid card number",
  expiry: "Please enter a valid expiry date (MM/YY)",
  cvc: "Please enter a valid CVC",
} as const;

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return "amex";
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

export interface CardExpiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** 'MM/YY' (also 'MM / YY' and 'MM/YYYY'), or null when it is not a date. */
export function parseExpiry(value: string): CardExpiry | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]?.length === 2 ? `20${match[2]}` : match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: CardExpiry, now: Date): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

export const cardValidators = {
  number: (value: string) => {
    const digits = cardDigits(value);
    return digits.length >= 12 && digits.length <= 19 && passesLuhn(digits)
      ? null
      : cardMessages.number;
  },
  expiry: (value: string, now = new Date()) => {
    const expiry = parseExpiry(value);
    return expiry && !isExpired(expiry, now) ? null : cardMessages.expiry;
  },
  cvc: (value: string) => (/^\d{3,4}$/.test(value.trim()) ? null : cardMessages.cvc),
} satisfies Record<string, Validator>;
