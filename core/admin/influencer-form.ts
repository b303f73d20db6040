/** The influencer page editor's form: its fields as typed, their limits, and what they make. */

/** The fields the page counts characters of, with their limits. */
export const influencerTextLimits = {
  firstName: 60,
  lastName: 60,
  title: 120,
  heroQuote: 200,
  storyQuote: 900,
} as const;

export const influencerFields = [
  "firstName",
  "lastName",
  "title",
  "heroQuote",
  "storyQuote",
  "couponCode",
] as const;

export type InfluencerField = (typeof influencerFields)[number];

export type InfluencerFormValues = Record<InfluencerField, string> & { active: boolean };

export type InfluencerFieldErrors = Partial<Record<InfluencerField, string>>;

export interface InfluencerInput {
  firstName: string;
  lastName: string;
  title: string;
  heroQuote: string;
  storyQuote: string;
  couponCode: string;
  active: boolean;
}

export const influencerFormMessages = {
  text: (limit: number) => `Please enter at most ${limit} characters (and not nothing)`,
  couponCode: "Please enter the code of the offer: letters, digits, - or _ (up to 40)",
} as const;

const codePattern = /^[A-Za-z0-9_-]{1,40}$/;

export function influencerFormValues(form: FormData): InfluencerFormValues {
  const text = (name: InfluencerField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    title: text("title"),
    heroQuote: text("heroQuote"),
    storyQuote: text("storyQuote"),
    couponCode: text("couponCode"),
    active: form.get("active") === "on",
  };
}

export function influencerFormOf(input: InfluencerInput): InfluencerFormValues {
  return { ...input };
}

export type InfluencerFormResult =
  | { ok: true; input: InfluencerInput }
  | { ok: false; fieldErrors: InfluencerFieldErrors };

export function readInfluencerForm(values: InfluencerFormValues): InfluencerFormResult {
  const errors: InfluencerFieldErrors = {};
  const trimmed = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    title: values.title.trim(),
    heroQuote: values.heroQuote.trim(),
    storyQuote: values.storyQuote.trim(),
  };
  for (const [name, limit] of Object.entries(influencerTextLimits) as Array<
    [keyof typeof influencerTextLimits, number]
  >) {
    const value = trimmed[name];
    if (value === "" || value.length > limit) errors[name] = influencerFormMessages.text(limit);
  }
  const couponCode = values.couponCode.trim().toUpperCase();
  if (!codePattern.test(couponCode)) errors.couponCode = influencerFormMessages.couponCode;
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, input: { ...trimmed, couponCode, active: values.active } };
}
