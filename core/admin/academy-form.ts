/** The academy section editor's form. */
import { academyTextLimits } from "../academy";

export const academyFields = ["title", "text", "difference", "studyCitation", "studyUrl"] as const;
export type AcademyField = (typeof academyFields)[number];
export type AcademyFormValues = Record<AcademyField, string>;
export type AcademyFieldErrors = Partial<Record<AcademyField, string>>;

/** What a refused section form answers: what was typed, what to correct, or why. */
export interface AcademyFormRefusal {
  values: AcademyFormValues | null;
  fieldErrors: AcademyFieldErrors;
  message: string | null;
}

export interface AcademySectionInput {
  title: string;
  text: string;
  difference: string | null;
  studyCitation: string | null;
  studyUrl: string | null;
}

export const academyFormMessages = {
  title: `Please enter a title of at most ${academyTextLimits.title} characters`,
  text: `Please enter a text of at most ${academyTextLimits.text} characters`,
  difference: `Please enter the difference in at most ${academyTextLimits.difference} characters`,
  studyCitation: `Please enter the citation in at most ${academyTextLimits.citation} characters, with its link`,
  studyUrl: "Please enter the study's https:// address, with its citation",
} as const;

export function academyFormValues(form: FormData): AcademyFormValues {
  const text = (name: AcademyField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(academyFields.map((name) => [name, text(name)])) as AcademyFormValues;
}

export function academyFormOf(input: AcademySectionInput): AcademyFormValues {
  return {
    title: input.title,
    text: input.text,
    difference: input.difference ?? "",
    studyCitation: input.studyCitation ?? "",
    studyUrl: input.studyUrl ?? "",
  };
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * The section a form makes, or what to correct. `hasDifference`: the article's cards carry the
 * shop's difference (choosing olive oil), which is then required. A study needs both its
 * citation and its address, or neither.
 */
export function readAcademyForm(
  values: AcademyFormValues,
  hasDifference: boolean,
): { ok: true; input: AcademySectionInput } | { ok: false; fieldErrors: AcademyFieldErrors } {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.trim()]),
  ) as AcademyFormValues;
  const errors: AcademyFieldErrors = {};
  const within = (value: string, limit: number) => value !== "" && value.length <= limit;
  if (!within(trimmed.title, academyTextLimits.title)) errors.title = academyFormMessages.title;
  if (!within(trimmed.text, academyTextLimits.text)) errors.text = academyFormMessages.text;
  if (hasDifference && !within(trimmed.difference, academyTextLimits.difference)) {
    errors.difference = academyFormMessages.difference;
  }
  const cites = trimmed.studyCitation !== "" || trimmed.studyUrl !== "";
  if (cites && !within(trimmed.studyCitation, academyTextLimits.citation)) {
    errors.studyCitation = academyFormMessages.studyCitation;
  }
  if (cites && !isHttpsUrl(trimmed.studyUrl)) errors.studyUrl = academyFormMessages.studyUrl;
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    input: {
      title: trimmed.title,
      text: trimmed.text,
      difference: hasDifference ? trimmed.difference : null,
      studyCitation: cites ? trimmed.studyCitation : null,
      studyUrl: cites ? trimmed.studyUrl : null,
    },
  };
}
