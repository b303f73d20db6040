import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.server";

function request(headers: IncomingMessage["headers"], remoteAddress?: string): IncomingMessage {
  return { headers, socket: { remoteAddress } } as IncomingMessage;
}

describe("clientAddress", () => {
  it("is the connection's address unless the shop sits behind a proxy", () => {
    const forwarded = request({ "x-forwarded-for": "203.0.113.7" }, "10.0.0.2");
    expect(clientAddress(forwarded, false)).toBe("10.0.0.2");
    expect(clientAddress(forwarded, true)).toBe("203.0.113.7");
  });

  it("takes the first address of a proxy chain", () => {
    const chain = request({ "x-forwarded-for": " 203.0.113.7 , 198.51.100.1" }, "10.0.0.2");
    expect(clientAddress(chain, true)).toBe("203.0.113.7");
  });

  it("falls back to the connection without a forwarded address, and never answers empty", () => {
    expect(clientAddress(request({ "x-forwarded-for": "" }, "10.0.0.2"), true)).toBe("10.0.0.2");
    expect(clientAddress(request({}), true)).toBe("unknown");
  });
});
