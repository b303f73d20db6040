import { describe, expect, it } from "vitest";
import { parseShippingForm, shippingFields } from "./shipping-info";
import { messages } from "./validation";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

const filled = {
  name: " Ada Lovelace ",
  phone: "",
  line1: "200 Ocean Avenue",
  line2: " ",
  city: "Carmel",
  state: "ca",
  postalCode: "93921",
};

describe("the shipping form", () => {
  it("sends an empty phone and line 2 as null, the state upper-case and the country as US", () => {
    expect(parseShippingForm(form(filled))).toEqual({
      ok: true,
      shipping: {
        name: "Ada Lovelace",
        phone: null,
        address: {
          line1: "200 Ocean Avenue",
          line2: null,
          city: "Carmel",
          state: "CA",
          postalCode: "93921",
          country: "US",
        },
      },
    });
  });

  it("refuses a state name with the abbreviation message, and names each invalid field", () => {
    expect(
      parseShippingForm(
        form({ ...filled, state: "California", phone: "555", postalCode: "9404", name: "Al" }),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: {
        name: messages.name,
        phone: messages.phone,
        state: messages.state,
        postalCode: messages.zip,
      },
    });
    expect(parseShippingForm(new FormData())).toMatchObject({
      ok: false,
      fieldErrors: { line1: messages.address, city: messages.city },
    });
  });

  it("checks in the browser what the action checks", () => {
    expect(shippingFields.state("California")).toBe(messages.state);
    expect(shippingFields.state("CA")).toBeNull();
    expect(shippingFields.phone("")).toBeNull();
    expect(shippingFields.phone("(650) 555-0134")).toBeNull();
  });
});
