/**
 * The shop's settings the owner changes in the back office: the shipping amounts, the shop's
 * clock, the soft launch and the private beta; the form that edits them, and the rule that keeps
 * a form opened before someone else's change from undoing it.
 */
import { z } from "zod";
import type { FieldErrors } from "./auth-forms";
import { isTimeZone } from "./dates";
import { type DunningPolicy, defaultDunningPolicy } from "./membership-rules";
import { formatMoney } from "./money";
import type { AccessKind } from "./storefront";
import { promoCodeSchema } from "./validation";

export interface ShopSettings {
  privateBeta: boolean;
  /** The promotion code behind the soft-launch modal; null means no modal. */
  softLaunchCode: string | null;
  freeShippingMinCents: number;
  standardShippingCents: number;
  /** The IANA zone whose clock the back office shows times by, and whose days its filters mean. */
  shopTimeZone: string;
  /** The days after a declined renewal on which it is tried again, as typed: `1, 3, 5, 7`. */
  dunningRetryDays: string;
  /** What becomes of a membership after the last failed try. */
  dunningFinally: DunningPolicy["finally"];
}

export type SettingKey = keyof ShopSettings;

/** The settings in the order the page lists them. */
export const settingKeys = [
  "freeShippingMinCents",
  "standardShippingCents",
  "shopTimeZone",
  "softLaunchCode",
  "privateBeta",
  "dunningRetryDays",
  "dunningFinally",
] as const satisfies readonly SettingKey[];

export const settingLabels: Record<SettingKey, string> = {
  freeShippingMinCents: "Free-shipping minimum",
  standardShippingCents: "Standard shipping",
  shopTimeZone: "Time zone",
  softLaunchCode: "Soft-launch code",
  privateBeta: "Private beta",
  dunningRetryDays: "Payment retry days",
  dunningFinally: "After the last failed retry",
};

/** The settings rows that hold an access code's hash, by the access it grants. */
export const accessCodeSettingKeys = {
  beta: "betaAccessCode",
  restaurant: "restaurantAccessCode",
} as const satisfies Record<AccessKind, string>;

export type AccessCodeSettingKey = (typeof accessCodeSettingKeys)[AccessKind];

export const accessCodeLabels: Record<AccessKind, string> = {
  beta: "Beta access code",
  restaurant: "Restaurant access code",
};

/** What an audit entry about a setting is named by: its label, whichever row it concerns. */
export const settingSubjectNames: Readonly<Record<string, string>> = {
  ...settingLabels,
  [accessCodeSettingKeys.beta]: accessCodeLabels.beta,
  [accessCodeSettingKeys.restaurant]: accessCodeLabels.restaurant,
};

export const maxFreeShippingMinCents = 10_000_000;
export const maxStandardShippingCents = 100_000;

/** At most this many retries, each at most this many days after the first decline. */
export const maxRetries = 6;
export const maxRetryDay = 30;

/** `1, 3, 5, 7` as days in rising order (1 to 30, up to 6 of them); null for anything else. */
export function parseRetryDays(text: string): number[] | null {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length === 0 || parts.length > maxRetries) return null;
  if (!parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  const days = parts.map(Number);
  const rising = days.every((day, index) => index === 0 || day > (days[index - 1] ?? 0));
  return rising && days.every((day) => day >= 1 && day <= maxRetryDay) ? days : null;
}

/** The retry days as the settings keep and show them. */
export function retryDaysText(days: readonly number[]): string {
  return days.join(", ");
}

export const defaultDunningSettings = {
  dunningRetryDays: retryDaysText(defaultDunningPolicy.retryDays),
  dunningFinally: defaultDunningPolicy.finally,
} as const satisfies Pick<ShopSettings, "dunningRetryDays" | "dunningFinally">;

/** The dunning the owner set: the retry days and the last step. */
export function dunningPolicyOf(
  settings: Pick<ShopSettings, "dunningRetryDays" | "dunningFinally">,
): DunningPolicy {
  return {
    retryDays: parseRetryDays(settings.dunningRetryDays) ?? defaultDunningPolicy.retryDays,
    finally: settings.dunningFinally,
  };
}

export const dunningFinallyLabels: Record<DunningPolicy["finally"], string> = {
  cancel: "Cancel the membership",
  pause: "Pause it for a month",
};

/** A stored or submitted value of each setting, as the shop accepts it. */
export const settingSchemas = {
  privateBeta: z.boolean(),
  // An empty text turns the soft launch off.
  softLaunchCode: z
    .string()
    .trim()
    .transform((code) => code || null)
    .pipe(promoCodeSchema.nullable()),
  freeShippingMinCents: z.number().int().min(0).max(maxFreeShippingMinCents),
  standardShippingCents: z.number().int().min(0).max(maxStandardShippingCents),
  shopTimeZone: z.string().trim().refine(isTimeZone),
  dunningRetryDays: z.string().refine((text) => parseRetryDays(text) !== null),
  dunningFinally: z.enum(["cancel", "pause"]),
} satisfies Record<SettingKey, z.ZodType>;

/** Settings as a whole: the soft-launch code may be null (no modal). */
export const shopSettingsSchema = z.object({
  ...settingSchemas,
  softLaunchCode: settingSchemas.softLaunchCode.nullable(),
});

/** The settings form's fields as typed. */
export interface SettingsFormValues {
  freeShippingMin: string;
  standardShipping: string;
  timeZone: string;
  softLaunchCode: string;
  privateBeta: boolean;
  retryDays: string;
  afterLastRetry: string;
}

/** The form's field of each setting. */
export const settingFormFields = {
  freeShippingMinCents: "freeShippingMin",
  standardShippingCents: "standardShipping",
  shopTimeZone: "timeZone",
  softLaunchCode: "softLaunchCode",
  privateBeta: "privateBeta",
  dunningRetryDays: "retryDays",
  dunningFinally: "afterLastRetry",
} as const satisfies Record<SettingKey, keyof SettingsFormValues>;

/** The hidden field holding the settings as they were when the form was opened. */
export const loadedSettingsField = "loaded";

export const settingsMessages = {
  amount: (maxCents: number) =>
    `Please enter an amount in dollars from $0 to ${formatMoney(maxCents)}, like 100 or 99.50`,
  timeZone: "Please enter a time zone by its IANA name, like America/Los_Angeles or Europe/Athens",
  softLaunchCode:
    "Please enter a promotion code of up to 40 letters, digits, - or _, or leave it empty",
  retryDays: `Please enter up to ${maxRetries} days from 1 to ${maxRetryDay} in rising order, like 1, 3, 5, 7`,
  afterLastRetry: "Please choose what happens after the last failed retry",
  saved: "Settings saved",
  unchanged: "Nothing to save: the settings are as you sent them",
  staleForm:
    "This page was opened before the settings last changed. Please check the values and save again.",
  conflict: (changes: string[]) =>
    `Someone else changed ${changes.join(" and ")} since you opened this page. Your changes are kept below: please check them and save again.`,
} as const;

/** Dollars as the form shows them: `100`, `99.50`. */
export function dollarsText(cents: number): string {
  return formatMoney(cents).replace(/^\$/, "").replaceAll(",", "");
}

/** `100`, `$99.50` or `1,000` in cents; null for anything else or above `maxCents`. */
export function parseDollars(text: string, maxCents: number): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents =
    Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= maxCents ? cents : null;
}

/** The time zone as the runtime names it (`europe/athens` is `Europe/Athens`). */
export function canonicalTimeZone(name: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
}

export function settingsFormValues(settings: ShopSettings): SettingsFormValues {
  return {
    freeShippingMin: dollarsText(settings.freeShippingMinCents),
    standardShipping: dollarsText(settings.standardShippingCents),
    timeZone: settings.shopTimeZone,
    softLaunchCode: settings.softLaunchCode ?? "",
    privateBeta: settings.privateBeta,
    retryDays: settings.dunningRetryDays,
    afterLastRetry: settings.dunningFinally,
  };
}

/** A submitted settings form: what was typed, and the settings it was opened with. */
export interface SettingsSubmission {
  typed: SettingsFormValues;
  /** Null when the form did not say (a forged or truncated form): it is then treated as stale. */
  loaded: ShopSettings | null;
}

function parseLoaded(text: string): ShopSettings | null {
  try {
    const parsed = shopSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The form as posted; a checkbox left unticked is not sent. */
export function readSettingsForm(form: FormData): SettingsSubmission {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    typed: {
      freeShippingMin: text("freeShippingMin"),
      standardShipping: text("standardShipping"),
      timeZone: text("timeZone"),
      softLaunchCode: text("softLaunchCode"),
      privateBeta: form.get("privateBeta") === "on",
      retryDays: text("retryDays"),
      afterLastRetry: text("afterLastRetry"),
    },
    loaded: parseLoaded(text(loadedSettingsField)),
  };
}

export type ParsedSettings =
  | { ok: true; settings: ShopSettings }
  | { ok: false; fieldErrors: FieldErrors };

/** The typed values as settings, or each wrong field's message by field name. */
export function parseSettingsForm(typed: SettingsFormValues): ParsedSettings {
  const fieldErrors: FieldErrors = {};
  const freeShippingMinCents = parseDollars(typed.freeShippingMin, maxFreeShippingMinCents);
  if (freeShippingMinCents === null) {
    fieldErrors.freeShippingMin = settingsMessages.amount(maxFreeShippingMinCents);
  }
  const standardShippingCents = parseDollars(typed.standardShipping, maxStandardShippingCents);
  if (standardShippingCents === null) {
    fieldErrors.standardShipping = settingsMessages.amount(maxStandardShippingCents);
  }
  const timeZone = typed.timeZone.trim();
  if (!isTimeZone(timeZone)) fieldErrors.timeZone = settingsMessages.timeZone;
  const softLaunchCode = settingSchemas.softLaunchCode.safeParse(typed.softLaunchCode);
  if (!softLaunchCode.success) fieldErrors.softLaunchCode = settingsMessages.softLaunchCode;
  const retryDays = parseRetryDays(typed.retryDays);
  if (retryDays === null) fieldErrors.retryDays = settingsMessages.retryDays;
  const afterLastRetry = settingSchemas.dunningFinally.safeParse(typed.afterLastRetry);
  if (!afterLastRetry.success) fieldErrors.afterLastRetry = settingsMessages.afterLastRetry;
  if (
    freeShippingMinCents === null ||
    standardShippingCents === null ||
    !softLaunchCode.success ||
    retryDays === null ||
    !afterLastRetry.success ||
    Object.keys(fieldErrors).length > 0
  ) {
    return { ok: false, fieldErrors };
  }
  return {
    ok: true,
    settings: {
      freeShippingMinCents,
      standardShippingCents,
      shopTimeZone: canonicalTimeZone(timeZone),
      softLaunchCode: softLaunchCode.data,
      privateBeta: typed.privateBeta,
      dunningRetryDays: retryDaysText(retryDays),
      dunningFinally: afterLastRetry.data,
    },
  };
}

/**
 * What saving a form changes. Only the settings the owner changed in the form are written: a
 * setting left as it was loaded keeps whatever it is now, even if someone changed it meanwhile.
 * A setting changed in the form and, since the form was opened, by someone else to another
 * value is a conflict: nothing is written, and the owner decides again. Without the settings
 * the form was opened with, every setting that differs from now is a conflict.
 */
export type SettingsChange =
  | { ok: true; changed: SettingKey[] }
  | { ok: false; conflicts: SettingKey[] };

export function settingsChange(
  loaded: ShopSettings | null,
  submitted: ShopSettings,
  current: ShopSettings,
): SettingsChange {
  const base = loaded ?? current;
  const edited = settingKeys.filter((key) => submitted[key] !== base[key]);
  const conflicts = settingKeys.filter(
    (key) =>
      (loaded === null && submitted[key] !== current[key]) ||
      (edited.includes(key) && current[key] !== base[key] && current[key] !== submitted[key]),
  );
  if (conflicts.length > 0) return { ok: false, conflicts };
  return { ok: true, changed: edited.filter((key) => submitted[key] !== current[key]) };
}

/**
 * The form shown again after a conflict: what the owner typed in the fields they changed, and
 * the settings as they are now in the others, opened anew as of now.
 */
export function formAfterConflict(
  submission: SettingsSubmission,
  submitted: ShopSettings,
  current: ShopSettings,
): SettingsFormValues {
  const base = submission.loaded ?? current;
  const now = settingsFormValues(current);
  const values = { ...now };
  for (const key of settingKeys) {
    if (submitted[key] === base[key]) continue;
    const field = settingFormFields[key];
    if (field === "privateBeta") values.privateBeta = submission.typed.privateBeta;
    else values[field] = submission.typed[field];
  }
  return values;
}
