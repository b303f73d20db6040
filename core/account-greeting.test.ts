import { describe, expect, it } from "vitest";
import { accountGreeting, isNewAccount } from "./account-greeting";

const accountCreatedAt = new Date("2026-03-02T10:00:00.000Z");
const at = (offsetMs: number) => new Date(accountCreatedAt.getTime() + offsetMs);
const hours = (count: number) => count * 3_600_000;
const registrationSession = { openedAtRegistration: true, accountCreatedAt };
const laterSession = { openedAtRegistration: false, accountCreatedAt };

describe("isNewAccount", () => {
  it("is new in the session registration opened, on the day of registration", () => {
    expect(isNewAccount(registrationSession, at(5 * 60_000))).toBe(true);
    expect(isNewAccount(registrationSession, at(hours(24) - 1))).toBe(true);
  });

  it("is a return in a session a later sign-in opened, however soon after registration", () => {
    expect(isNewAccount(laterSession, at(1_000))).toBe(false);
    expect(isNewAccount(laterSession, at(hours(48)))).toBe(false);
  });

  it("is a return a day after registration, even in the session registration opened", () => {
    expect(isNewAccount(registrationSession, at(hours(24)))).toBe(false);
  });
});

describe("accountGreeting", () => {
  const greet = (firstName: string, newAccount: boolean) =>
    accountGreeting({ firstName, brandName: "Troia Grove", newAccount });

  it("welcomes a new customer to the shop and a returning one back", () => {
    expect(greet("Ada", true)).toBe("Welcome to Troia Grove, Ada");
    expect(greet("Ada", false)).toBe("Welcome back, Ada");
  });

  it("calls a customer without a first name a friend", () => {
    expect(greet("", false)).toBe("Welcome back, friend");
  });
});
