import { describe, expect, it } from "vitest";
import { commonSecurityHeaders, pagePolicy, policyFor, resourcePolicy } from "./security.server";

const base = { https: false, development: false, formActionOrigins: [] };

describe("pagePolicy", () => {
  it("allows scripts only from the shop and with this response's nonce", () => {
    const policy = pagePolicy("abc123", base);
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("upgrades requests over https and lets forms reach a hosted checkout", () => {
    const policy = pagePolicy("n", {
      ...base,
      https: true,
      formActionOrigins: ["https://checkout.stripe.com"],
    });
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com");
    expect(policy).toContain("upgrade-insecure-requests");
  });

  it("opens a websocket only for the development server", () => {
    expect(pagePolicy("n", { ...base, development: true })).toContain("connect-src 'self' ws:");
    expect(pagePolicy("n", base)).toContain("connect-src 'self';");
  });
});

describe("policyFor", () => {
  it("gives a page its nonce and everything else a policy under which nothing runs", () => {
    expect(policyFor("text/html; charset=utf-8", () => "n1", base)).toContain("'nonce-n1'");
    for (const type of ["application/json", "image/svg+xml", null]) {
      expect(policyFor(type, () => "n1", base)).toBe(resourcePolicy);
    }
    expect(resourcePolicy).toContain("default-src 'none'");
  });

  it("draws a nonce for pages only", () => {
    const drawn: string[] = [];
    const nonce = () => {
      drawn.push("n1");
      return "n1";
    };
    policyFor("application/json", nonce, base);
    policyFor(null, nonce, base);
    expect(drawn).toEqual([]);
    policyFor("text/html; charset=utf-8", nonce, base);
    expect(drawn).toEqual(["n1"]);
  });
});

describe("commonSecurityHeaders", () => {
  it("sends HSTS only over https", () => {
    const names = (https: boolean) => commonSecurityHeaders({ https }).map(([name]) => name);
    expect(names(false)).toContain("X-Content-Type-Options");
    expect(names(false)).not.toContain("Strict-Transport-Security");
    expect(names(true)).toContain("Strict-Transport-Security");
  });
});
