/** The shop's own analytics: which events it records, and what the endpoint accepts. */

export const eventCategories = [
  "engagement",
  "authentication",
  "intent",
  "revenue",
  "account",
  "virality",
] as const;

export type EventCategory = (typeof eventCategories)[number];

/**
 * Every event the shop records, named in snake case, with its category. A form's submission is
 * named after the form, its refusal after the form with `_error`.
 */
export const analyticsEvents = {
  page_view: "engagement",
  /** label: what was clicked. */
  click: "engagement",
  /** value: 25, 50, 75 or 100. */
  scroll_depth: "engagement",
  /** label: the referral id of a page opened with `?ref=` or `?affiliate=`. */
  affiliate_visit: "engagement",
  /** label: `twitter`, `facebook`, `whatsapp` or `copy_link`. */
  share: "virality",
  /** label: `email` or the social provider. */
  sign_in: "authentication",
  forgot_password: "authentication",
  /** label: `beta` or `restaurant`. */
  access_code_submit: "intent",
  /** label: the promotion's code. */
  soft_launch_accept: "intent",
  /** label: the item. */
  add_to_cart: "intent",
  /** label: `payment` or `subscription`. */
  checkout_click: "intent",
  checkout_session_created: "revenue",
  /** label: the message shown. */
  checkout_session_error: "revenue",
  /** label: the order; value: its total in cents. */
  purchase: "revenue",
  /** label: the memberships of the order. */
  membership_created: "revenue",
  register: "account",
  account_info_update: "account",
  shipping_update: "account",
  shipping_update_error: "account",
  payment_method_delete: "account",
  payment_method_delete_error: "account",
  /** label: the membership's plan. */
  membership_cancel: "account",
  membership_cancel_error: "account",
  verification_email_error: "account",
  return_request_error: "account",
} as const satisfies Record<string, EventCategory>;

export type AnalyticsEventName = keyof typeof analyticsEvents;

/** The events that record a refusal; their label is the refusal's code. */
export type FailureEventName = Extract<AnalyticsEventName, `${string}_error`>;

/**
 * Events as pages loaded before their names were settled send them (rows stored then keep
 * them), with the event each one is now.
 */
export const legacyAnalyticsEvents = [
  { category: "intent", name: "checkout_session_success", now: "checkout_session_created" },
  { category: "intent", name: "checkout_session_error", now: "checkout_session_error" },
  { category: "engagement", name: "access_code_submit", now: "access_code_submit" },
] as const satisfies ReadonlyArray<{
  category: EventCategory;
  name: string;
  now: AnalyticsEventName;
}>;

export function isAnalyticsEventName(name: string): name is AnalyticsEventName {
  return Object.hasOwn(analyticsEvents, name);
}

/**
 * The event a browser names with `category` and `name`: one of the table's, or one a page loaded
 * before a rename sends, as it is named now; null for anything else.
 */
export function currentAnalyticsEvent(
  category: string,
  name: string,
): { category: EventCategory; name: AnalyticsEventName } | null {
  if (isAnalyticsEventName(name) && analyticsEvents[name] === category) {
    return { category, name };
  }
  const legacy = legacyAnalyticsEvents.find(
    (event) => event.category === category && event.name === name,
  );
  return legacy ? { category: analyticsEvents[legacy.now], name: legacy.now } : null;
}

/** The most `/api/events` accepts in one request; the browser never sends more. */
export const analyticsLimits = {
  eventsPerBatch: 20,
  batchBytes: 16 * 1024,
  labelLength: 200,
  pathLength: 300,
  /** Values are stored in a 32-bit integer column. */
  valueMagnitude: 2_147_483_647,
} as const;
