import { describe, expect, it } from "vitest";
import { totpCode } from "../../test/support/totp";
import { hotpCode, totpStepOf } from "./totp-replay.server";

/** RFC 6238, appendix B: the SHA-1 key and its codes (the last six of their eight digits). */
const rfcKey = Buffer.from("12345678901234567890", "ascii");
const rfcKeyBase32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const rfcCodes: [seconds: number, code: string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("authenticator codes", () => {
  it("are the RFC 6238 codes of their 30-second step", () => {
    for (const [seconds, code] of rfcCodes) {
      expect(hotpCode(rfcKey, Math.floor(seconds / 30)), String(seconds)).toBe(code);
      expect(totpCode(rfcKeyBase32, seconds * 1000), String(seconds)).toBe(code);
    }
  });

  it("name the step they belong to, one step either side of now", () => {
    const now = 1111111111_000;
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(rfcKey, totpCode(rfcKeyBase32, now), now)).toBe(step);
    expect(totpStepOf(rfcKey, totpCode(rfcKeyBase32, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(rfcKey, totpCode(rfcKeyBase32, now + 30_000), now)).toBe(step + 1);
    expect(totpStepOf(rfcKey, totpCode(rfcKeyBase32, now - 60_000), now)).toBeNull();
    expect(totpStepOf(rfcKey, "12345", now)).toBeNull();
  });
});
