import { describe, expect, it } from "vitest";
import { cardMessages } from "./card";
import {
  sandboxFieldError,
  sandboxFieldErrors,
  sandboxFields,
  sandboxFormInput,
  sandboxPaymentSchema,
} from "./sandbox-checkout";
import { messages } from "./validation";

const now = new Date("2026-11-22T10:00:00Z");
const filled = {
  email: " ada@example.com ",
  name: "Ada Lovelace",
  line1: "12 Grove Street",
  line2: "",
  city: "Mountain View",
  state: "ca",
  postalCode: "94041-1234",
  cardNumber: "4242 4242 4242 4242",
  expiry: "03/29",
  cvc: "123",
};

describe("the sandbox payment form", () => {
  it("shows the address fields only when the order is shipped", () => {
    expect(sandboxFields(false)).toContain("line1");
    expect(sandboxFields(true)).toEqual(["email", "name", "cardNumber", "expiry", "cvc"]);
  });

  it("reads a shipped order's form into an address and card digits", () => {
    const parsed = sandboxPaymentSchema(false, now).parse(sandboxFormInput(filled, false));
    expect(parsed).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      address: {
        line1: "12 Grove Street",
        line2: null,
        city: "Mountain View",
        state: "CA",
        postalCode: "94041-1234",
        country: "US",
      },
      cardNumber: "4242424242424242",
      expiry: "03/29",
      cvc: "123",
    });
  });

  it("ignores the address for local pickup", () => {
    const parsed = sandboxPaymentSchema(true, now).parse(
      sandboxFormInput({ ...filled, state: "Nowhere" }, true),
    );
    expect(parsed.address).toBeNull();
  });

  it("names each wrong field with the spec's message", () => {
    const result = sandboxPaymentSchema(false, now).safeParse(
      sandboxFormInput(
        { ...filled, email: "ada@", name: "Al", city: "", state: "Calif", cvc: "1" },
        false,
      ),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(sandboxFieldErrors(result.error)).toEqual({
      email: messages.email,
      name: messages.name,
      city: messages.city,
      state: messages.state,
      cvc: cardMessages.cvc,
    });
  });

  it("checks a single field for the browser", () => {
    expect(sandboxFieldError("postalCode", "9404", now)).toBe(messages.zip);
    expect(sandboxFieldError("postalCode", "94041", now)).toBeNull();
    expect(sandboxFieldError("line2", "", now)).toBeNull();
    expect(sandboxFieldError("expiry", "01/20", now)).toBe(cardMessages.expiry);
  });
});
