/**
 * How the audit log page writes an entry: its action, who took it and what it concerned, named
 * as staff know them, and its before and after in words, dollars and the shop's time. The stored
 * values (ids, cents, raw states) stay one click away, as recorded.
 */
import { auditActionLabels, auditActionOf } from "../audit-actions";
import { formatShopTime } from "../dates";
import { formatMoney } from "../money";
import { fulfilmentStatusLabels, paymentStatusLabels } from "../order-status";
import { returnStatusLabels } from "../returns";
import { settingLabels } from "../settings";
import { membershipStatusLabels } from "./memberships";

/** A person an entry names: a member of staff, a customer. */
export interface AuditPerson {
  name: string;
  email: string;
}

/** What an entry concerns, named for people, with what was recorded to find it. */
export interface AuditSubject {
  type: string;
  id: string;
  /** What it is: `Order A1B2C3D4E5`, a membership's plan, a file's name, a person's name. */
  name: string;
  /** The person it concerns, when it concerns one. */
  person: AuditPerson | null;
  /** Its page in the back office, when it has one. */
  href: string | null;
}

/** An entry as the audit log page shows it. */
export interface AuditEntryView {
  id: number;
  at: Date;
  action: string;
  actor: AuditPerson & { id: string };
  subject: AuditSubject;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** `deliveredAt` as `Delivered at`, `order.note` as `Order note`. */
function wordsOf(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[._]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An action as the audit log shows it, by the name it was recorded with: an older name reads as
 * the action it is now, a name unknown here in its own words.
 */
export function auditActionLabel(recorded: string): string {
  const action = auditActionOf(recorded);
  return action ? auditActionLabels[action] : wordsOf(recorded);
}

/** The names of recorded fields that their own words would not say well. */
const fieldLabels: Record<string, string> = {
  refundedCents: "Refunded",
  amountCents: "Amount",
  trackingUrl: "Tracking page",
  deliveredAt: "Delivered",
  returnStatus: "Return",
  email: "E-mail",
  expiresAt: "Expires",
  revokedAt: "Revoked",
  twoFactorEnabled: "Two-factor sign-in",
  q: "Search",
  pickup: "Delivery",
  rotatedAt: "Rotated",
  ...settingLabels,
};

/**
 * Entries about orders, and exports of orders, recorded before an order had two statuses carry
 * one `status` holding either kind, or 'new'.
 */
const singleOrderStatusLabels = { new: "New", ...fulfilmentStatusLabels, ...paymentStatusLabels };

/** Names of the `status` field by the kind of thing whose status it is. */
const statusLabels: Record<string, Record<string, string>> = {
  order: singleOrderStatusLabels,
  orders: singleOrderStatusLabels,
  membership: membershipStatusLabels,
};

const roleLabels: Record<string, string> = { customer: "Customer", staff: "Staff", owner: "Owner" };

/** Field names that hold values to read in words: a status, a role. */
const valueLabels: Record<string, (subjectType: string) => Record<string, string> | undefined> = {
  status: (subjectType) => statusLabels[subjectType],
  paymentStatus: () => paymentStatusLabels,
  fulfilmentStatus: () => fulfilmentStatusLabels,
  /** An export of orders records the statuses it was filtered by. */
  payment: () => paymentStatusLabels,
  fulfilment: () => fulfilmentStatusLabels,
  returnStatus: () => returnStatusLabels,
  role: () => roleLabels,
};

/** One recorded field as the page writes it. */
export interface AuditField {
  label: string;
  value: string;
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function valueText(
  key: string,
  value: unknown,
  context: { subjectType: string; timeZone: string },
): string {
  if (value === null || value === undefined) return "none";
  if (key.endsWith("Cents") && typeof value === "number") return formatMoney(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (isoTime.test(value)) return formatShopTime(new Date(value), context.timeZone);
    return valueLabels[key]?.(context.subjectType)?.[value] ?? value;
  }
  return JSON.stringify(value);
}

/**
 * A recorded state (an entry's before or after) as labelled values: amounts in dollars, times by
 * the shop's clock, statuses in words. Ids are left to the entry's details.
 */
export function auditFields(
  state: Record<string, unknown> | null,
  context: { subjectType: string; timeZone: string },
): AuditField[] {
  if (!state) return [];
  return Object.entries(state)
    .filter(([key]) => !/Id$/.test(key))
    .map(([key, value]) => ({
      label: fieldLabels[key] ?? wordsOf(key),
      value: valueText(key, value, context),
    }));
}

/** A stored state exactly as recorded, for the entry's details. */
export function storedState(state: Record<string, unknown> | null): string {
  return state ? JSON.stringify(state, null, 2) : "none";
}
