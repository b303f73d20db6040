import { describe, expect, it } from "vitest";
import { specCatalog as catalog } from "../catalog";
import {
  discountEligibleIds,
  emptyPromotionForm as emptyFormOf,
  promotionFormMessages,
  promotionFormOf,
  promotionFormValues,
  readPromotionForm,
} from "./promotion-form";

const zone = { timeZone: "America/Los_Angeles", catalog };
const emptyPromotionForm = emptyFormOf(catalog);
const defaultEligibleItemIds = discountEligibleIds(catalog);

function formData(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

describe("the promotion form", () => {
  it("reads a percent code with its window, limits and minimum by the shop's clock", () => {
    const values = promotionFormValues(
      formData({
        code: " spring10 ",
        kind: "percent",
        percentOff: "10",
        amountOff: "ignored",
        startsAt: "2026-03-01T00:00",
        endsAt: "2026-04-01T00:00",
        totalLimit: "100",
        perCustomerLimit: "1",
        minSubtotal: "$50",
        eligibleItemIds: [...defaultEligibleItemIds],
        active: "on",
      }),
    );
    expect(readPromotionForm(values, zone)).toEqual({
      ok: true,
      input: {
        code: "SPRING10",
        percentOff: 10,
        amountOffCents: null,
        startsAt: new Date("2026-03-01T08:00:00Z"),
        endsAt: new Date("2026-04-01T07:00:00Z"),
        totalLimit: 100,
        perCustomerLimit: 1,
        minSubtotalCents: 5000,
        eligibleItemIds: null,
        influencerId: null,
        active: true,
      },
    });
  });

  it("reads a fixed amount and free shipping, with their own items, paused", () => {
    const amount = readPromotionForm(
      { ...emptyPromotionForm, code: "TAKE7", kind: "amount", amountOff: "7.50", active: false },
      zone,
    );
    expect(amount).toMatchObject({
      ok: true,
      input: { amountOffCents: 750, percentOff: null, active: false },
    });
    const shipping = readPromotionForm(
      {
        ...emptyPromotionForm,
        code: "SHIPFREE",
        kind: "freeShipping",
        eligibleItemIds: ["holidayTastingCollection"],
      },
      zone,
    );
    expect(shipping).toMatchObject({
      ok: true,
      input: {
        percentOff: null,
        amountOffCents: null,
        eligibleItemIds: ["holidayTastingCollection"],
      },
    });
  });

  it("names every field it cannot read", () => {
    const refused = readPromotionForm(
      {
        ...emptyPromotionForm,
        code: "not a code!",
        percentOff: "150",
        startsAt: "2026-05-01T00:00",
        endsAt: "2026-04-01T00:00",
        totalLimit: "0",
        perCustomerLimit: "one",
        minSubtotal: "-3",
        eligibleItemIds: [],
        influencerId: "x",
      },
      zone,
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {
        code: promotionFormMessages.code,
        percentOff: promotionFormMessages.percentOff,
        endsAt: promotionFormMessages.endsBeforeStart,
        totalLimit: promotionFormMessages.limit,
        perCustomerLimit: promotionFormMessages.limit,
        minSubtotal: promotionFormMessages.minSubtotal,
        eligibleItemIds: promotionFormMessages.eligibleItemIds,
        influencerId: promotionFormMessages.influencerId,
      },
    });
    expect(
      readPromotionForm({ ...emptyPromotionForm, code: "A", kind: "amount", amountOff: "0" }, zone),
    ).toEqual({ ok: false, fieldErrors: { amountOff: promotionFormMessages.amountOff } });
  });

  it("shows a promotion as it stands, and reads it back the same", () => {
    const stored = {
      code: "TAKE7",
      percentOff: null,
      amountOffCents: 750,
      startsAt: new Date("2026-03-01T08:00:00Z"),
      endsAt: null,
      totalLimit: 10,
      perCustomerLimit: null,
      minSubtotalCents: 0,
      eligibleItemIds: null,
      influencerId: 2,
      active: true,
    };
    const form = promotionFormOf(stored, zone);
    expect(form).toMatchObject({ kind: "amount", amountOff: "7.50", startsAt: "2026-03-01T00:00" });
    expect(readPromotionForm(form, zone)).toEqual({ ok: true, input: stored });
  });
});
