import { describe, expect, it } from "vitest";
import { validators } from "~core/field-rules";
import {
  answerField,
  blurField,
  changeField,
  fieldValidity,
  initialField,
  visibleError,
} from "./field-state";

const rule = validators.accessCode;

describe("field validity", () => {
  it("stays untouched, without an error, while empty, even after losing focus", () => {
    const state = blurField(initialField());
    expect(fieldValidity(state, rule)).toBe("untouched");
    expect(visibleError(state, rule)).toBeNull();
  });

  it("says nothing while the shopper types, then judges once the field loses focus", () => {
    const typing = changeField(initialField(), "abc");
    expect(fieldValidity(typing, rule)).toBe("touched");
    expect(visibleError(typing, rule)).toBeNull();
    const left = blurField(typing);
    expect(fieldValidity(left, rule)).toBe("invalid");
    expect(visibleError(left, rule)).toBe("Please enter a valid access code");
  });

  it("follows every change once judged, and clearing the field keeps it judged", () => {
    const judged = blurField(changeField(initialField(), "abc"));
    expect(fieldValidity(changeField(judged, "chef-2026"), rule)).toBe("valid");
    expect(visibleError(changeField(judged, "chef-2026"), rule)).toBeNull();
    expect(visibleError(changeField(judged, ""), rule)).toBe("Please enter a valid access code");
  });

  it("treats a prefilled value as content", () => {
    expect(fieldValidity(blurField(initialField("grove-beta")), rule)).toBe("valid");
  });
});

describe("the server's message for a field", () => {
  const refused = "Incorrect access code";

  it("shows at once, before the field is judged, and over the field's own message", () => {
    expect(visibleError(initialField("not-the-code"), rule, refused)).toBe(refused);
    const judged = blurField(changeField(initialField(), "abc"));
    expect(visibleError(answerField(judged), rule, refused)).toBe(refused);
  });

  it("stays until the field is edited, then the field's own rule speaks", () => {
    const answered = answerField(blurField(changeField(initialField(), "not-the-code")));
    expect(visibleError(blurField(answered), rule, refused)).toBe(refused);
    expect(visibleError(changeField(answered, "chef-2026"), rule, refused)).toBeNull();
    expect(visibleError(changeField(answered, "chef"), rule, refused)).toBe(
      "Please enter a valid access code",
    );
  });

  it("shows again when the server answers again", () => {
    const edited = changeField(answerField(initialField()), "wrong-again");
    expect(visibleError(edited, rule, refused)).toBeNull();
    expect(visibleError(answerField(edited), rule, refused)).toBe(refused);
  });
});
