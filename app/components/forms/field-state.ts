import type { Validator } from "~core/field-rules";

/** What the form kit remembers about one field. */
export interface FieldState {
  value: string;
  /** The field has held some text at least once (a prefilled value counts). */
  hadContent: boolean;
  /** The field lost focus after it had content: from then on its error shows. */
  touched: boolean;
  /** Edited since the server last answered: the server's message for it no longer applies. */
  editedSinceAnswer: boolean;
}

/**
 * The spec's validity states: untouched (never had content), touched (has content, not yet
 * judged), then valid or invalid once it has lost focus with content.
 */
export type Validity = "untouched" | "touched" | "valid" | "invalid";

export function initialField(value = ""): FieldState {
  return { value, hadContent: value !== "", touched: false, editedSinceAnswer: false };
}

export function changeField(state: FieldState, value: string): FieldState {
  return {
    ...state,
    value,
    hadContent: state.hadContent || value !== "",
    editedSinceAnswer: true,
  };
}

export function blurField(state: FieldState): FieldState {
  return state.hadContent ? { ...state, touched: true } : state;
}

/** The server answered again: its message for the field shows until the next edit. */
export function answerField(state: FieldState): FieldState {
  return { ...state, editedSinceAnswer: false };
}

export function fieldValidity(state: FieldState, validator: Validator): Validity {
  if (!state.hadContent) return "untouched";
  if (!state.touched) return "touched";
  return validator(state.value) === null ? "valid" : "invalid";
}

/**
 * The message a field shows: the server's, until the field is edited after it; otherwise none
 * until the field is judged, then the validator's.
 */
export function visibleError(
  state: FieldState,
  validator: Validator,
  serverError: string | null = null,
): string | null {
  if (serverError && !state.editedSinceAnswer) return serverError;
  return fieldValidity(state, validator) === "invalid" ? validator(state.value) : null;
}
