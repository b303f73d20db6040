import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security.server";

const base = { https: false, development: false, formActionOrigins: [] };

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the shop and with this response's nonce", () => {
    const policy = contentSecurityPolicy("abc123", base);
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("upgrades requests over https and lets forms reach a hosted checkout", () => {
    const policy = contentSecurityPolicy("n", {
      ...base,
      https: true,
      formActionOrigins: ["https://checkout.stripe.com"],
    });
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com");
    expect(policy).toContain("upgrade-insecure-requests");
  });

  it("opens a websocket only for the development server", () => {
    expect(contentSecurityPolicy("n", { ...base, development: true })).toContain(
      "connect-src 'self' ws:",
    );
    expect(contentSecurityPolicy("n", base)).toContain("connect-src 'self';");
  });
});
