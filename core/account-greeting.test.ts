import { describe, expect, it } from "vitest";
import { accountGreeting, isNewAccount } from "./account-greeting";

const accountCreatedAt = new Date("2026-03-02T10:00:00.000Z");
const at = (offsetMs: number) => new Date(accountCreatedAt.getTime() + offsetMs);
const sessionStarted = (offsetMs: number) => ({ accountCreatedAt, startedAt: at(offsetMs) });
const hours = (count: number) => count * 3_600_000;

describe("isNewAccount", () => {
  it("is new in the session registration opened, on the day of registration", () => {
    expect(isNewAccount(sessionStarted(40), at(5 * 60_000))).toBe(true);
    expect(isNewAccount(sessionStarted(2_999), at(hours(23)))).toBe(true);
  });

  it("is a return after a later sign-in", () => {
    expect(isNewAccount(sessionStarted(3_000), at(4_000))).toBe(false);
    expect(isNewAccount(sessionStarted(hours(48)), at(hours(48)))).toBe(false);
  });

  it("is a return a day after registration, even in the session registration opened", () => {
    expect(isNewAccount(sessionStarted(40), at(hours(24)))).toBe(false);
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
