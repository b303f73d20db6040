/** The influencer page editor's form: its fields as typed, their limits, and what they make. */
import { type SlugRule, slugFromTitle } from "../recipes";
import type { StaffRole } from "../staff";

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
  couponCode: "Please choose the offer from the list",
  slug: "Please enter an address of lower-case letters and digits joined by hyphens (up to 100)",
  slugTaken: "Another influencer page has this address; please choose another",
} as const;

/** A community page's address: `/community/{slug}`. */
export const influencerSlugRule: SlugRule = { maxLength: 100, fallback: "friend" };

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The address a new page gets when none is typed: the influencer's name. */
export function influencerSlugOf(input: Pick<InfluencerInput, "firstName" | "lastName">): string {
  return slugFromTitle(`${input.firstName} ${input.lastName}`, influencerSlugRule);
}

/**
 * Who changes an influencer page. Any member of staff prepares a new page, which stays a draft
 * that visitors cannot see; only the owner puts a page up or takes it down, and once a page has
 * been up (it carries a live offer) only the owner changes it.
 */
export function canEditInfluencerPage(role: StaffRole, page: { launched: boolean }): boolean {
  return role === "owner" || !page.launched;
}

export function canPutInfluencerPageUp(role: StaffRole): boolean {
  return role === "owner";
}

/** Where a page stands, in words: a draft has never been up; a page taken down answers 410. */
export function influencerPageStatus(page: { active: boolean; launched: boolean }): string {
  if (!page.launched) return "Draft";
  return page.active ? "Active" : "Taken down";
}

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

/** A new page's form: the editor's fields, and its address (empty: made from the name). */
export type NewInfluencerFormValues = InfluencerFormValues & { slug: string };

export function newInfluencerFormValues(form: FormData): NewInfluencerFormValues {
  const slug = form.get("slug");
  return { ...influencerFormValues(form), slug: typeof slug === "string" ? slug : "" };
}

export const emptyNewInfluencerForm: NewInfluencerFormValues = {
  firstName: "",
  lastName: "",
  title: "",
  heroQuote: "",
  storyQuote: "",
  couponCode: "",
  slug: "",
  active: false,
};

export type NewInfluencerFieldErrors = InfluencerFieldErrors & { slug?: string };

/** A new page's fields, and its address: the one typed, or null to make it from the name. */
export function readNewInfluencerForm(
  values: NewInfluencerFormValues,
):
  | { ok: true; input: InfluencerInput; slug: string | null }
  | { ok: false; fieldErrors: NewInfluencerFieldErrors } {
  const parsed = readInfluencerForm(values);
  const slug = values.slug.trim().toLowerCase();
  const slugError =
    slug === "" || (slug.length <= influencerSlugRule.maxLength && slugPattern.test(slug))
      ? null
      : influencerFormMessages.slug;
  if (!parsed.ok) {
    return {
      ok: false,
      fieldErrors: { ...parsed.fieldErrors, ...(slugError && { slug: slugError }) },
    };
  }
  if (slugError) return { ok: false, fieldErrors: { slug: slugError } };
  return { ok: true, input: parsed.input, slug: slug === "" ? null : slug };
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
