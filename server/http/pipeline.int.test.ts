import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testEngines } from "../../test/support/database";
import {
  freezeDate,
  type RunningTestShop,
  rawRequest,
  shopClient,
  startBuiltShop,
} from "../../test/support/shop";
import { sessions } from "../db/schema.server";

describe.each(testEngines)("the request pipeline on %s", (engine) => {
  describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
    let shop: RunningTestShop;
    let client: ReturnType<typeof shopClient>;

    beforeAll(async () => {
      shop = await startBuiltShop(engine, {
        TRUST_PROXY: "1",
        RESTAURANT_ACCESS_CODE: "chef-2026",
      });
      client = shopClient(shop.url);
    });
    afterAll(() => shop.stop());
    afterEach(() => vi.useRealTimers());

    it("leaves a replaced session's cookie to the pages: a background request does not clear it", async () => {
      const cookie = await client.register(`replaced.${Date.now()}@example.com`);
      const token = decodeURIComponent(/shop\.session_token=([^.;]+)/.exec(cookie)?.[1] ?? "");
      // What a sign-in step does to the session the cookie names: it replaces it with a new one.
      expect(
        await shop.database.db.delete(sessions).where(eq(sessions.token, token)).returning(),
      ).toHaveLength(1);
      const clearsSession = (answer: Response) =>
        answer.headers.getSetCookie().some((header) => header.startsWith("shop.session_token=;"));
      const pageView = { category: "engagement", name: "page_view", path: "/" };
      const background = await fetch(new URL("/api/events", shop.url), {
        method: "POST",
        headers: { Cookie: cookie, Origin: shop.url, "Content-Type": "application/json" },
        body: JSON.stringify({ events: [pageView] }),
      });
      expect(background.status).toBe(204);
      expect(clearsSession(background)).toBe(false);
      expect(
        clearsSession(await fetch(new URL("/", shop.url), { headers: { Cookie: cookie } })),
      ).toBe(true);
    });

    it("limits sign-ins per client whatever the client writes into X-Forwarded-For", async () => {
      freezeDate();
      const attempt = (index: number) =>
        client.postForm(
          "/sign-in",
          { email: `guess${index}@example.com`, password: "wrong-password", redirectTo: "/" },
          { from: `203.0.113.${index}, 198.51.100.7` },
        );
      for (let index = 0; index < 30; index++) {
        expect((await attempt(index)).status).not.toBe(429);
      }
      const limited = await attempt(30);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await limited.text()).toContain("Too many attempts");
    });

    it("limits access codes per client whatever the client writes into X-Forwarded-For", async () => {
      freezeDate();
      const attempt = (index: number) =>
        client.postForm(
          "/access",
          { kind: "restaurant", accessCode: `wrong-${index}`, returnTo: "/" },
          { from: `192.0.2.${index}, 198.51.100.8` },
        );
      for (let index = 0; index < 10; index++) {
        expect((await attempt(index)).status).toBe(400);
      }
      const limited = await attempt(10);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    });

    it("limits access codes across all clients together", async () => {
      // A window of its own, apart from the other tests' attempts.
      freezeDate(new Date("2026-12-01T08:00:00Z"));
      const attemptFrom = (visitor: number) =>
        client.postForm(
          "/access",
          { kind: "restaurant", accessCode: `guess-${visitor}`, returnTo: "/" },
          { from: `198.51.${Math.floor(visitor / 200)}.${visitor % 200}` },
        );
      // Every client stays far below its own limit of 10.
      for (let visitor = 0; visitor < 100; visitor++) {
        expect((await attemptFrom(visitor)).status).toBe(400);
      }
      const limited = await attemptFrom(100);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    });

    it("limits promotion codes looked up through links, and says when to try again", async () => {
      freezeDate(new Date("2026-12-02T08:00:00Z"));
      const lookUp = (code: string, from = "192.0.2.77") =>
        fetch(`${shop.url}/?promoCode=${code}`, { headers: { "X-Forwarded-For": from } });
      for (let guess = 0; guess < 20; guess++) {
        expect((await lookUp(`GUESS${guess}`)).status).toBe(200);
      }
      const limited = await lookUp("WELCOME10");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      // The page is still served, without the code and without its cookie.
      expect(limited.headers.getSetCookie().some((cookie) => cookie.startsWith("promo="))).toBe(
        false,
      );
      expect(await limited.text()).toContain("</html>");
      const otherClient = await lookUp("WELCOME10", "192.0.2.78");
      expect(otherClient.status).toBe(200);
      expect(otherClient.headers.getSetCookie().some((cookie) => cookie.startsWith("promo="))).toBe(
        true,
      );
    });

    it("refuses a form larger than 64 KB without reading it", async () => {
      const answer = await rawRequest(shop.url, {
        method: "POST",
        path: "/register",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(50 * 1024 * 1024),
          Origin: shop.url,
        },
        partial: "firstName=",
      });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe("close");
      const justOver = await client.postForm("/register", { firstName: "x".repeat(64 * 1024) });
      expect(justOver.status).toBe(413);
    });

    it("refuses JSON larger than 16 KB, and a body of unknown length", async () => {
      const events = { events: [{ category: "engagement", name: "x".repeat(17 * 1024) }] };
      expect((await client.postJson("/api/events", events)).status).toBe(413);
      const chunked = await rawRequest(shop.url, {
        method: "POST",
        path: "/api/events",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
        partial: '5\r\n{"a":\r\n',
      });
      expect(chunked.status).toBe(411);
    });

    it("answers 415 to a body of a kind its route does not read", async () => {
      const json = await client.postJson("/sign-in", {});
      expect(json.status).toBe(415);
      const multipart = new FormData();
      multipart.set("email", "ada@example.com");
      const upload = await fetch(`${shop.url}/register`, {
        method: "POST",
        headers: { Origin: shop.url },
        body: multipart,
      });
      expect(upload.status).toBe(415);
      const untyped = await rawRequest(shop.url, {
        method: "POST",
        path: "/sign-in",
        headers: { "Content-Length": "2", Origin: shop.url },
        partial: "{}",
      });
      expect(untyped.status).toBe(415);
    });

    it("takes an upload of at most 1 MB on the back office's order page only", async () => {
      const upload = (path: string, bytes: number) => {
        const body = new FormData();
        body.set("labelPdf", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }));
        return fetch(`${shop.url}${path}`, {
          method: "POST",
          headers: { Origin: shop.url },
          body,
          redirect: "manual",
        });
      };
      // Read, then turned away at the back office's door like any visitor's request.
      expect((await upload("/admin/orders/ABC123", 1024 * 1024)).status).not.toBe(413);
      expect((await upload("/admin/orders/ABC123.data", 1024)).status).not.toBe(415);
      expect((await upload("/admin/orders/ABC123", 2 * 1024 * 1024)).status).toBe(413);
      expect((await upload("/admin/orders", 1024)).status).toBe(415);
    });

    it("answers 400 to a body that does not parse or carries a null byte", async () => {
      expect((await client.postJson("/api/events", "{ not json")).status).toBe(400);
      const cart = { items: [{ itemId: "luxe", quantity: 1 }], localPickup: false };
      const promo = await client.postJson("/api/checkout", { ...cart, promoCode: "WELCOME\u0000" });
      expect(promo.status).toBe(400);
      const form = await client.postForm(
        "/register",
        {
          firstName: "A\u0000da",
          lastName: "Lovelace",
          email: "nul@example.com",
          password: "olive-grove-1",
        },
        { from: "10.6.0.9" },
      );
      expect(form.status).toBe(400);
    });

    it("keeps null bytes and broken UTF-8 in the address away from the routes", async () => {
      expect((await fetch(`${shop.url}/checkout/sandbox/%00`)).status).toBe(404);
      expect((await fetch(`${shop.url}/academy/recipes/%C3%28`)).status).toBe(400);
      expect((await fetch(`${shop.url}/?promoCode=%00`)).status).toBe(400);
      expect((await fetch(`${shop.url}/create-account?guestId=%00`)).status).toBe(400);
    });

    it("answers 405 to methods it does not serve", async () => {
      for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
        const answer = await rawRequest(shop.url, { method, path: "/" });
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
      }
    });

    it("signs out only by a post from the shop itself", async () => {
      const cookie = await client.register("ada@example.com", { from: "10.6.0.1" });
      const signedIn = async () =>
        (await (
          await fetch(`${shop.url}/account`, { headers: { Cookie: cookie }, redirect: "manual" })
        ).status) === 200;
      expect(await signedIn()).toBe(true);
      const elsewhere = await client.postForm(
        "/logout",
        {},
        { cookie, headers: { Origin: "https://elsewhere.example" } },
      );
      expect(elsewhere.status).toBe(403);
      await fetch(`${shop.url}/logout`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(await signedIn()).toBe(true);
      const own = await client.postForm("/logout", {}, { cookie });
      expect(own.status).toBe(302);
      expect(await signedIn()).toBe(false);
    });

    it("gives every answer a Content-Security-Policy and a request id", async () => {
      const answers = [
        await fetch(`${shop.url}/`),
        await fetch(`${shop.url}/healthz`),
        await fetch(`${shop.url}/images/brand/favicon.svg`),
        await client.postJson("/sign-in", {}),
      ];
      for (const answer of answers) {
        expect(answer.headers.get("content-security-policy")).toBeTruthy();
        expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(answers[0]?.headers.get("content-security-policy")).toContain("'nonce-");
    });

    it("keeps an idle connection open for 65 seconds, longer than clients keep theirs", async () => {
      const answer = await fetch(`${shop.url}/healthz`);
      expect(answer.headers.get("keep-alive")).toBe("timeout=65");
    });
  });

  describe("behind a TLS proxy with PUBLIC_URL=https://… and TRUST_PROXY off", () => {
    let shop: RunningTestShop;
    const publicUrl = "https://shop.example";

    beforeAll(async () => {
      shop = await startBuiltShop(engine, {
        NODE_ENV: "production",
        ALLOW_SANDBOX_PAYMENTS: "on",
        PUBLIC_URL: publicUrl,
      });
    });
    afterAll(() => shop.stop());

    const signIn = (origin: string) =>
      fetch(`${shop.url}/sign-in`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "ada@example.com", password: "olive-grove-1" }),
        redirect: "manual",
      });

    it("accepts the forms posted from the public site and refuses every other origin", async () => {
      const fromSite = await signIn(publicUrl);
      expect([400, 403]).not.toContain(fromSite.status);
      expect(await fromSite.text()).toContain("Invalid email or password");
      expect((await signIn(shop.url)).status).toBe(403);
      expect((await signIn("https://elsewhere.example")).status).toBe(403);
    });
  });
});
