import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import { parseConfig } from "../config.server";
import { accessCodeRateLimit, readAccessCookie, submitAccessCode } from "./access.server";

const config = {
  ...parseConfig({ BETA_ACCESS_CODE: "beta-code-1", RESTAURANT_ACCESS_CODE: "chef-code-1" }),
  authSecret: "a-test-secret-that-is-long-enough-123",
};

const request = (cookie?: string) =>
  new Request("http://localhost:3000/access", {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
  });

const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe.each(testEngines)("access codes on %s", (engine) => {
  let database: TestDatabase;
  let client = 0;
  const services = () => ({ config, db: database.db, clientIp: `10.0.0.${++client}` });
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());
  afterEach(() => vi.useRealTimers());

  it("refuses a code under 6 characters with the spec's message", async () => {
    expect(
      await submitAccessCode(request(), { kind: "beta", accessCode: " abc  " }, services()),
    ).toEqual({ ok: false, error: "Please enter a valid access code", status: 400 });
  });

  it("refuses a wrong code with 'Incorrect access code'", async () => {
    expect(
      await submitAccessCode(
        request(),
        { kind: "restaurant", accessCode: "beta-code-1" },
        services(),
      ),
    ).toEqual({ ok: false, error: "Incorrect access code", status: 400 });
  });

  it("grants the beta in a signed cookie", async () => {
    const result = await submitAccessCode(
      request(),
      { kind: "beta", accessCode: " beta-code-1 " },
      services(),
    );
    expect(result).toMatchObject({ ok: true, granted: "beta", message: "Early access granted" });
    if (!result.ok) throw new Error("expected a grant");
    expect(result.setCookie).toMatch(/^access=.*HttpOnly/);
    expect(readAccessCookie(sentBack(result.setCookie), config)).toEqual({
      beta: true,
      restaurant: false,
    });
  });

  it("grants restaurant mode, which also opens the beta, from either form", async () => {
    for (const kind of ["restaurant", "beta"]) {
      const result = await submitAccessCode(
        request(),
        { kind, accessCode: "chef-code-1" },
        services(),
      );
      if (!result.ok) throw new Error("expected a grant");
      expect(result.message).toBe("Restaurant access granted");
      expect(readAccessCookie(sentBack(result.setCookie), config)).toEqual({
        beta: true,
        restaurant: true,
      });
    }
  });

  it("keeps restaurant mode when the beta code is entered later", async () => {
    const restaurant = await submitAccessCode(
      request(),
      { kind: "restaurant", accessCode: "chef-code-1" },
      services(),
    );
    if (!restaurant.ok) throw new Error("expected a grant");
    const beta = await submitAccessCode(
      request(sentBack(restaurant.setCookie)),
      { kind: "beta", accessCode: "beta-code-1" },
      services(),
    );
    if (!beta.ok) throw new Error("expected a grant");
    expect(readAccessCookie(sentBack(beta.setCookie), config)).toEqual({
      beta: true,
      restaurant: true,
    });
  });

  it("grants nothing to a forged or foreign cookie", async () => {
    const forged = `access=${Buffer.from(JSON.stringify({ beta: true, restaurant: true })).toString("base64")}`;
    expect(readAccessCookie(forged, config)).toEqual({
      beta: false,
      restaurant: false,
    });
    const granted = await submitAccessCode(
      request(),
      { kind: "restaurant", accessCode: "chef-code-1" },
      services(),
    );
    if (!granted.ok) throw new Error("expected a grant");
    const otherShop = { ...config, authSecret: "another-secret-that-is-long-enough-456" };
    expect(readAccessCookie(sentBack(granted.setCookie), otherShop)).toEqual({
      beta: false,
      restaurant: false,
    });
  });

  it("allows 10 tries per client in 10 minutes, then says to wait, even for the right code", async () => {
    freezeDate();
    const oneClient = services();
    const tries = [];
    for (let attempt = 0; attempt < accessCodeRateLimit.limit; attempt++) {
      tries.push(
        await submitAccessCode(request(), { kind: "beta", accessCode: "wrong-code" }, oneClient),
      );
    }
    expect(tries.every((result) => !result.ok && result.status === 400)).toBe(true);
    const blocked = await submitAccessCode(
      request(),
      { kind: "beta", accessCode: "beta-code-1" },
      oneClient,
    );
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    if (blocked.ok) throw new Error("expected a refusal");
    expect(blocked.error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(
      (await submitAccessCode(request(), { kind: "beta", accessCode: "beta-code-1" }, services()))
        .ok,
    ).toBe(true);
  });

  it("never opens anything when no code is configured (production without codes)", async () => {
    const locked = { ...config, accessCodes: { beta: undefined, restaurant: undefined } };
    const result = await submitAccessCode(
      request(),
      { kind: "beta", accessCode: "anything-long" },
      { ...services(), config: locked },
    );
    expect(result).toMatchObject({ ok: false, error: "Incorrect access code" });
  });
});
