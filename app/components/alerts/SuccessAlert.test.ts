import { describe, expect, it } from "vitest";
import { type AlertState, afterAlertTimer } from "./SuccessAlert";

const created: AlertState = { message: "Created account successfully", phase: "shown", key: 1 };
const loggedOut: AlertState = { message: "Logged out successfully", phase: "shown", key: 2 };

describe("a success alert's timer", () => {
  it("moves its own alert from shown to leaving, then removes it", () => {
    const leaving = afterAlertTimer(created, created);
    expect(leaving).toEqual({ ...created, phase: "leaving" });
    expect(afterAlertTimer(leaving, { ...created, phase: "leaving" })).toBeNull();
  });

  it("leaves a newer alert alone when the older one's time runs out after it was shown", () => {
    expect(afterAlertTimer(loggedOut, created)).toBe(loggedOut);
    expect(afterAlertTimer(loggedOut, { ...created, phase: "leaving" })).toBe(loggedOut);
  });

  it("keeps no alert when none is showing", () => {
    expect(afterAlertTimer(null, created)).toBeNull();
  });
});
