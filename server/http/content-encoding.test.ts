import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./content-encoding.server";

describe("preferredEncoding", () => {
  it("prefers Brotli whenever the browser takes it", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("br");
  });

  it("falls back to gzip, for a wildcard too", () => {
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("br;q=0, GZIP")).toBe("gzip");
  });

  it("sends nothing compressed when nothing usable is accepted", () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("gzip;q=0, deflate")).toBeNull();
    expect(preferredEncoding("br; q=0.0")).toBeNull();
  });
});
