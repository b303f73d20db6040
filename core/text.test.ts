import { expect, it } from "vitest";
import { countOf, titleCaseSlug } from "./text";

it("title-cases a slug", () => {
  expect(titleCaseSlug("olive-oil-orange-cake")).toBe("Olive Oil Orange Cake");
  expect(titleCaseSlug("menemen--with-peppers")).toBe("Menemen With Peppers");
});

it("counts in the singular or the plural", () => {
  expect(countOf(1, "order")).toBe("1 order");
  expect(countOf(0, "order")).toBe("0 orders");
  expect(countOf(3, "order")).toBe("3 orders");
});
