import { describe, expect, it } from "vitest";
import {
  formAfterConflict,
  loadedSettingsField,
  maxStandardShippingCents,
  parseDollars,
  parseRetryDays,
  parseSettingsForm,
  readSettingsForm,
  type SettingsFormValues,
  type ShopSettings,
  settingsChange,
  settingsFormValues,
  settingsMessages,
} from "./settings";

const current: ShopSettings = {
  privateBeta: false,
  softLaunchCode: "WELCOME10",
  freeShippingMinCents: 10_000,
  standardShippingCents: 1500,
  shopTimeZone: "America/Los_Angeles",
  dunningRetryDays: "1, 3, 5, 7",
  dunningFinally: "cancel",
};

const typed: SettingsFormValues = {
  freeShippingMin: "100",
  standardShipping: "15",
  timeZone: "America/Los_Angeles",
  softLaunchCode: "WELCOME10",
  privateBeta: false,
  retryDays: "1, 3, 5, 7",
  afterLastRetry: "cancel",
};

function posted(values: SettingsFormValues, loaded: string): FormData {
  const form = new FormData();
  form.set("freeShippingMin", values.freeShippingMin);
  form.set("standardShipping", values.standardShipping);
  form.set("timeZone", values.timeZone);
  form.set("softLaunchCode", values.softLaunchCode);
  if (values.privateBeta) form.set("privateBeta", "on");
  form.set("retryDays", values.retryDays);
  form.set("afterLastRetry", values.afterLastRetry);
  form.set(loadedSettingsField, loaded);
  return form;
}

describe("amounts in dollars", () => {
  it("reads whole dollars, cents, a dollar sign and thousands", () => {
    expect(parseDollars("100", 10_000_000)).toBe(10_000);
    expect(parseDollars(" 99.5 ", 10_000_000)).toBe(9950);
    expect(parseDollars("$12.05", 10_000_000)).toBe(1205);
    expect(parseDollars("1,250", 10_000_000)).toBe(125_000);
    expect(parseDollars("0", 10_000_000)).toBe(0);
  });

  it("refuses anything else, and amounts above the limit", () => {
    for (const text of ["", "-5", "1.234", "12,34", "ten", "1e3", "$", "1.", ".5"]) {
      expect(parseDollars(text, 10_000_000)).toBeNull();
    }
    expect(parseDollars("1000", maxStandardShippingCents)).toBe(100_000);
    expect(parseDollars("1000.01", maxStandardShippingCents)).toBeNull();
  });

  it("shows amounts as they are typed back", () => {
    expect(settingsFormValues({ ...current, standardShippingCents: 995 })).toMatchObject({
      freeShippingMin: "100",
      standardShipping: "9.95",
    });
    expect(
      settingsFormValues({ ...current, freeShippingMinCents: 1_234_500 }).freeShippingMin,
    ).toBe("12345");
  });
});

describe("the settings form", () => {
  it("reads what was typed and the settings it was opened with", () => {
    const submission = readSettingsForm(
      posted({ ...typed, privateBeta: true }, JSON.stringify(current)),
    );
    expect(submission).toEqual({ typed: { ...typed, privateBeta: true }, loaded: current });
    expect(readSettingsForm(posted(typed, "{not json")).loaded).toBeNull();
    expect(
      readSettingsForm(posted(typed, JSON.stringify({ privateBeta: "yes" }))).loaded,
    ).toBeNull();
  });

  it("parses the fields, names the time zone as the runtime does, and empties the code", () => {
    expect(
      parseSettingsForm({
        freeShippingMin: "$80",
        standardShipping: "9.95",
        timeZone: " europe/athens ",
        softLaunchCode: "  ",
        privateBeta: true,
        retryDays: " 2,4 , 10",
        afterLastRetry: "pause",
      }),
    ).toEqual({
      ok: true,
      settings: {
        freeShippingMinCents: 8000,
        standardShippingCents: 995,
        shopTimeZone: "Europe/Athens",
        softLaunchCode: null,
        privateBeta: true,
        dunningRetryDays: "2, 4, 10",
        dunningFinally: "pause",
      },
    });
  });

  it("says what is wrong with each field", () => {
    expect(
      parseSettingsForm({
        freeShippingMin: "lots",
        standardShipping: "2000",
        timeZone: "Mars/Olympus_Mons",
        softLaunchCode: "NO SPACES",
        privateBeta: false,
        retryDays: "3, 1",
        afterLastRetry: "forget",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        freeShippingMin: settingsMessages.amount(10_000_000),
        standardShipping: settingsMessages.amount(100_000),
        timeZone: settingsMessages.timeZone,
        softLaunchCode: settingsMessages.softLaunchCode,
        retryDays: settingsMessages.retryDays,
        afterLastRetry: settingsMessages.afterLastRetry,
      },
    });
    for (const wrong of ["", "0", "31", "1, 1", "1, 2, 3, 4, 5, 6, 7", "1.5", "one"]) {
      expect(parseRetryDays(wrong)).toBeNull();
    }
    expect(parseRetryDays("1,3,5,7")).toEqual([1, 3, 5, 7]);
    expect(settingsMessages.amount(100_000)).toBe(
      "Please enter an amount in dollars from $0 to $1,000, like 100 or 99.50",
    );
  });
});

describe("a form opened before another change", () => {
  it("writes only what the owner changed", () => {
    const submitted = { ...current, freeShippingMinCents: 8000 };
    expect(settingsChange(current, submitted, current)).toEqual({
      ok: true,
      changed: ["freeShippingMinCents"],
    });
    expect(settingsChange(current, current, current)).toEqual({ ok: true, changed: [] });
  });

  it("keeps another's change to a setting the owner left alone", () => {
    const meanwhile = { ...current, privateBeta: true };
    const submitted = { ...current, standardShippingCents: 1200 };
    expect(settingsChange(current, submitted, meanwhile)).toEqual({
      ok: true,
      changed: ["standardShippingCents"],
    });
  });

  it("refuses to overwrite another's change to the same setting", () => {
    const meanwhile = { ...current, freeShippingMinCents: 9000 };
    const submitted = { ...current, freeShippingMinCents: 8000 };
    expect(settingsChange(current, submitted, meanwhile)).toEqual({
      ok: false,
      conflicts: ["freeShippingMinCents"],
    });
    // Both made the same change: nothing is lost.
    expect(settingsChange(current, submitted, submitted)).toEqual({ ok: true, changed: [] });
  });

  it("treats a form that does not say what it was opened with as stale", () => {
    const submitted = { ...current, freeShippingMinCents: 8000 };
    expect(settingsChange(null, submitted, current)).toEqual({
      ok: false,
      conflicts: ["freeShippingMinCents"],
    });
    expect(settingsChange(null, current, current)).toEqual({ ok: true, changed: [] });
  });

  it("shows the owner's typing in what they changed, and now's values elsewhere", () => {
    const meanwhile = { ...current, freeShippingMinCents: 9000, privateBeta: true };
    const submission = {
      typed: { ...typed, freeShippingMin: "80.00", timeZone: "America/Los_Angeles" },
      loaded: current,
    };
    const submitted = { ...current, freeShippingMinCents: 8000 };
    expect(formAfterConflict(submission, submitted, meanwhile)).toEqual({
      ...settingsFormValues(meanwhile),
      freeShippingMin: "80.00",
    });
  });
});
