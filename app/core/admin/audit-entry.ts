/** How the audit log page writes an entry: its time, its action and its before and after. */
import { formatDate } from "../dates";

/** Actions whose words alone would read badly; any other is written from its own words. */
const actionLabels: Record<string, string> = {
  "staff.two_factor_enrolled": "Two-factor sign-in turned on",
  "orders.exported": "Orders exported as CSV",
  "customers.exported": "Customers exported as CSV",
};

/** `order.readyForPickup` as `Order ready for pickup`. */
function wordsOf(action: string): string {
  const words = action
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[._]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An action as the audit log shows it. */
export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? wordsOf(action);
}

/** `3/1/2026 14:05:09 UTC`: the shop's date, with the time of day. */
export function formatAuditTime(at: Date): string {
  return `${formatDate(at)} ${at.toISOString().slice(11, 19)} UTC`;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** A recorded state as `key: value` pairs; nothing recorded gives none. */
export function auditStatePairs(state: Record<string, unknown> | null): string[] {
  if (!state) return [];
  return Object.entries(state).map(([key, value]) => `${key}: ${valueText(value)}`);
}
