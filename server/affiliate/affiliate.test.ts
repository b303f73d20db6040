import { describe, expect, it } from "vitest";
import { affiliateCookieFromUrl, readAffiliate } from "./affiliate.server";

const http = { publicUrl: "http://localhost:3000" };
const cookieFor = (query: string, config = http) =>
  affiliateCookieFromUrl(new URL(`http://localhost:3000/our-story${query}`), config);

describe("affiliate cookie", () => {
  it("remembers ?ref= for 30 days, httpOnly", () => {
    expect(cookieFor("?ref=chef_maria")).toBe(
      "affiliate=chef_maria; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax",
    );
  });

  it("also takes ?affiliate=, prefers ?ref=, and is Secure over https", () => {
    expect(cookieFor("?affiliate=ab-1")).toMatch(/^affiliate=ab-1;/);
    expect(cookieFor("?affiliate=second&ref=first")).toMatch(/^affiliate=first;/);
    expect(cookieFor("?ref=x", { publicUrl: "https://shop.example" })).toMatch(/; Secure$/);
  });

  it.each(["", "?ref=", "?ref=a%3Bb", `?ref=${"x".repeat(65)}`, "?promoCode=TAKE5"])(
    "sets nothing for %j",
    (query) => {
      expect(cookieFor(query)).toBeNull();
    },
  );

  it("reads back a valid id and ignores a tampered one", () => {
    expect(readAffiliate("theme=dark; affiliate=chef_maria")).toBe("chef_maria");
    expect(readAffiliate("affiliate=<script>")).toBeNull();
    expect(readAffiliate(undefined)).toBeNull();
  });
});
