import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, ensureAuthSecret, parseConfig } from "./config.server";

function configError(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("parseConfig", () => {
  it("starts a demo shop with no variables at all", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      brandName: "Troia Grove",
      databaseUrl: undefined,
      privateBeta: false,
      softLaunchCode: undefined,
      freeShippingMinCents: 10_000,
      payments: { provider: "sandbox" },
      accessCodes: { beta: "grove-beta", restaurant: "chef-2026" },
      usesDemoAccessCodes: true,
      admin: { email: "owner@troiagrove.test", password: "grove-owner-2026" },
      usesDemoOwner: true,
    });
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  it("trusts proxies by hop count or by address, and refuses the old blanket 'on'", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16,loopback" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "loopback",
    ]);
    expect(configError({ TRUST_PROXY: "on" })).toContain("TRUST_PROXY must be off, the number");
    expect(configError({ TRUST_PROXY: "proxy.internal" })).toContain("TRUST_PROXY");
  });

  it("names the variable in a one-line message", () => {
    const message = configError({ PORT: "abc" });
    expect(message).toContain("PORT");
    expect(message).toContain('"abc"');
    expect(message).not.toContain("\n");
  });

  it.each([
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ FREE_SHIPPING_MIN: "ten" }, "FREE_SHIPPING_MIN"],
    [{ PRIVATE_BETA: "maybe" }, "PRIVATE_BETA"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL"],
    [{ BETA_ACCESS_CODE: "abc" }, "BETA_ACCESS_CODE"],
    [{ PAYMENT_PROVIDER: "stripe" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, "STRIPE_WEBHOOK_SECRET"],
    [{ ADMIN_EMAIL: "owner@example.com" }, "ADMIN_PASSWORD"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
  ])("rejects %j naming %s", (env, variable) => {
    expect(configError(env)).toMatch(new RegExp(`^Invalid configuration: .*${variable}`));
  });

  it("shows times in Los Angeles unless SHOP_TIMEZONE names another IANA zone", () => {
    expect(parseConfig({}).shopTimeZone).toBe("America/Los_Angeles");
    expect(parseConfig({ SHOP_TIMEZONE: "Europe/Istanbul" }).shopTimeZone).toBe("Europe/Istanbul");
    expect(parseConfig({ SHOP_TIMEZONE: " UTC " }).shopTimeZone).toBe("UTC");
    for (const zone of ["Mars/Olympus_Mons", "Pacific Time", "+08:00"]) {
      const message = configError({ SHOP_TIMEZONE: zone });
      expect(message).toBe(
        `Invalid configuration: SHOP_TIMEZONE must be an IANA time zone, like America/Los_Angeles or UTC (got "${zone}")`,
      );
    }
  });

  it("never repeats a secret's value in the message", () => {
    const message = configError({ AUTH_SECRET: "my-short-secret" });
    expect(message).not.toContain("my-short-secret");
  });

  it("requires a real secret and refuses the sandbox in production", () => {
    const message = configError({ NODE_ENV: "production" });
    expect(message).toContain("AUTH_SECRET is required in production");
    expect(message).toContain("ALLOW_SANDBOX_PAYMENTS");
  });

  it("accepts the sandbox in production only when explicitly allowed, without demo codes", () => {
    const config = parseConfig({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      ALLOW_SANDBOX_PAYMENTS: "on",
    });
    expect(config.payments.provider).toBe("sandbox");
    expect(config.accessCodes).toEqual({ beta: undefined, restaurant: undefined });
    expect(config.usesDemoAccessCodes).toBe(false);
    expect(config.admin).toBeUndefined();
    expect(config.usesDemoOwner).toBe(false);
  });

  it("selects Stripe when its keys are set", () => {
    const config = parseConfig({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    });
    expect(config.payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      api: undefined,
    });
  });

  it("points Stripe at a local stand-in outside production only", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
    expect(parseConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      api: { host: "127.0.0.1", port: 12111, protocol: "http" },
    });
    expect(
      parseConfig({ ...stripe, STRIPE_API_URL: "https://stripe.test" }).payments,
    ).toMatchObject({ api: { host: "stripe.test", port: 443, protocol: "https" } });
    for (const url of ["ftp://127.0.0.1", "http://127.0.0.1:12111/v1", "not a url"]) {
      expect(configError({ ...stripe, STRIPE_API_URL: url })).toMatch(
        /^Invalid configuration: STRIPE_API_URL must be/,
      );
    }
    expect(
      configError({
        ...stripe,
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(32),
        STRIPE_API_URL: "http://127.0.0.1:12111",
      }),
    ).toBe(
      'Invalid configuration: STRIPE_API_URL is refused in production, which always talks to Stripe itself (got "http://127.0.0.1:12111")',
    );
  });

  it("reads amounts, switches and URLs", () => {
    const config = parseConfig({
      PORT: "8080",
      PUBLIC_URL: "https://shop.example.com/",
      FREE_SHIPPING_MIN: "75.50",
      PRIVATE_BETA: "on",
      SOFT_LAUNCH_CODE: "MOTHERSDAY10",
      BRAND_NAME: "Other Grove",
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: "https://shop.example.com",
      freeShippingMinCents: 7550,
      privateBeta: true,
      softLaunchCode: "MOTHERSDAY10",
      brandName: "Other Grove",
      mail: { from: "Other Grove <hello@troiagrove.com>" },
    });
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ PORT: "", SOFT_LAUNCH_CODE: "" })).toMatchObject({
      port: 3000,
      softLaunchCode: undefined,
    });
  });
});

describe("ensureAuthSecret", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("generates a development secret once and keeps it in DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shop-config-"));
    dirs.push(dataDir);
    const first = ensureAuthSecret(parseConfig({ DATA_DIR: dataDir }));
    const second = ensureAuthSecret(parseConfig({ DATA_DIR: dataDir }));
    expect(first.authSecret.length).toBeGreaterThanOrEqual(40);
    expect(second.authSecret).toBe(first.authSecret);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8")).toBe(first.authSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("uses the configured secret as it is", () => {
    const secret = "s".repeat(40);
    expect(ensureAuthSecret(parseConfig({ AUTH_SECRET: secret })).authSecret).toBe(secret);
  });
});
