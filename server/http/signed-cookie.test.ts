import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signedCookie } from "./signed-cookie.server";

const options = { secret: "a-secret-that-is-long-enough-to-sign", maxAgeSeconds: 60, https: false };
const access = signedCookie("access", z.object({ restaurant: z.boolean() }), options);

/** The Cookie header a browser sends back for a Set-Cookie header. */
const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

/** A cookie's value with one character of its payload changed. */
function altered(cookie: string): string {
  const [name, value = ""] = cookie.split("=");
  const changed = value.startsWith("e") ? `f${value.slice(1)}` : `e${value.slice(1)}`;
  return `${name}=${changed}`;
}

describe("signedCookie", () => {
  it("reads back what it wrote, among other cookies", () => {
    const cookie = sentBack(access.write({ restaurant: true }));
    expect(access.read(`theme=dark; ${cookie}; other=1`)).toEqual({ restaurant: true });
  });

  it("writes an httpOnly, same-site cookie for the whole shop, Secure over https", () => {
    expect(access.write({ restaurant: false })).toMatch(
      /^access=[\w-]+\.[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const overHttps = signedCookie("access", z.boolean(), { ...options, https: true });
    expect(overHttps.write(true)).toMatch(/; Secure$/);
    expect(access.clear()).toBe("access=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("reads an altered, unsigned or foreign-secret value as absent", () => {
    const cookie = sentBack(access.write({ restaurant: false }));
    expect(access.read(altered(cookie))).toBeNull();
    const unsigned = Buffer.from(JSON.stringify({ restaurant: true })).toString("base64url");
    expect(access.read(`access=${unsigned}`)).toBeNull();
    const foreign = signedCookie("access", z.object({ restaurant: z.boolean() }), {
      ...options,
      secret: "another-secret-that-is-long-enough",
    });
    expect(foreign.read(cookie)).toBeNull();
  });

  it("reads a value signed for another cookie as absent, even under this name", () => {
    const flash = signedCookie("flash", z.object({ restaurant: z.boolean() }), options);
    const value = sentBack(flash.write({ restaurant: true })).slice("flash=".length);
    expect(access.read(`access=${value}`)).toBeNull();
  });

  it("reads a genuine value of the wrong shape, or garbage, as absent", () => {
    const loose = signedCookie("access", z.unknown(), options);
    expect(access.read(sentBack(loose.write({ restaurant: "yes" })))).toBeNull();
    for (const header of ["access=", "access=.", "access=%E0%A4%A", "access=abc.def", undefined]) {
      expect(access.read(header)).toBeNull();
    }
  });
});
