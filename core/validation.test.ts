import { describe, expect, it } from "vitest";
import {
  affiliateIdSchema,
  messages,
  promoCodeSchema,
  safeLocalPath,
  slugSchema,
  usAddressSchema,
  validators,
} from "./validation";

describe("validators", () => {
  it.each([
    ["email", " ada@example.com ", null],
    ["email", "ada@example", messages.email],
    ["password", "  12345  ", messages.password],
    ["password", "123456", null],
    ["accessCode", "abc", messages.accessCode],
    ["accessCode", "chef-2026", null],
    ["name", "Al", messages.name],
    ["name", "Ada Lovelace", null],
    ["phone", "(650) 555-0134", null],
    ["phone", "+1 650 555 0134", null],
    ["phone", "555-01", messages.phone],
    ["address", "Elm", messages.address],
    ["address", "12 Elm Street", null],
    ["state", "California", messages.state],
    ["state", "ca", null],
    ["state", "PR", null],
    ["state", "XX", messages.state],
    ["zip", "94041", null],
    ["zip", "94041-1234", null],
    ["zip", "9404", messages.zip],
  ] as const)("%s(%j) → %s", (name, value, expected) => {
    expect(validators[name](value)).toBe(expected);
  });
});

describe("usAddressSchema", () => {
  it("trims, upper-cases the state and sends an empty line 2 as null", () => {
    expect(
      usAddressSchema.parse({
        line1: " 1 Castro St ",
        line2: " ",
        city: "Mountain View",
        state: "ca",
        postalCode: "94041",
      }),
    ).toEqual({
      line1: "1 Castro St",
      line2: null,
      city: "Mountain View",
      state: "CA",
      postalCode: "94041",
      country: "US",
    });
  });

  it("reports the spec's message for a full state name", () => {
    const result = usAddressSchema.safeParse({
      line1: "1 Castro St",
      city: "Mountain View",
      state: "California",
      postalCode: "94041",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.state]);
  });
});

describe("URL values", () => {
  it("accepts short promo codes and referral ids of safe characters, trimmed", () => {
    expect(promoCodeSchema.parse(" welcome10 ")).toBe("welcome10");
    expect(affiliateIdSchema.parse("chef_maria-2")).toBe("chef_maria-2");
  });

  it.each(["", " ", "WELCOME 10", "<script>", "a;b", "x".repeat(41)])(
    "refuses the promo code %j",
    (code) => {
      expect(promoCodeSchema.safeParse(code).success).toBe(false);
    },
  );

  it("refuses referral ids that are too long or unsafe", () => {
    expect(affiliateIdSchema.safeParse("a".repeat(65)).success).toBe(false);
    expect(affiliateIdSchema.safeParse("a=b").success).toBe(false);
  });

  it("accepts only lower-case slugs", () => {
    expect(slugSchema.safeParse("maria-papadopoulos").success).toBe(true);
    for (const slug of ["Maria", "maria--p", "-maria", "maria/..", ""]) {
      expect(slugSchema.safeParse(slug).success).toBe(false);
    }
  });
});

describe("safeLocalPath", () => {
  it("keeps paths on this shop", () => {
    expect(safeLocalPath("/restaurants?promoCode=TAKE5")).toBe("/restaurants?promoCode=TAKE5");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "restaurants",
    "/a\r\nb",
    7,
  ])("sends %j home", (value) => {
    expect(safeLocalPath(value)).toBe("/");
  });
});
