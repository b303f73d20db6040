import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader } from "../../test/support/auth";
import { sandboxPaymentForm } from "../../test/support/customers";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { mailOutbox, orderReturns, orders } from "../db/schema.server";
import type { MailTemplate } from "../mail/messages.server";

const metricsToken = "a-metrics-token-that-is-long-enough";

/** The cookies' values of a Cookie header: the session's token among them. */
const cookieValues = (cookie: string) =>
  cookie.split("; ").map((pair) => decodeURIComponent(pair.slice(pair.indexOf("=") + 1)));

describe.each(testEngines)("what the log says of a request on %s", (engine) => {
  const lines: string[] = [];
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;
  const db = () => shop.database.db;
  /** Opens `path` and reads the whole answer, so that its log line has been written; its status. */
  async function open(path: string, cookie = ""): Promise<number> {
    const answer = await fetch(new URL(path, shop.url), {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    await answer.arrayBuffer();
    return answer.status;
  }

  beforeAll(async () => {
    shop = await startBuiltShop(
      engine,
      { LOG_LEVEL: "debug", METRICS_TOKEN: metricsToken },
      { logDestination: { write: (line: string) => lines.push(line) } },
    );
    client = shopClient(shop.url);
  });
  afterAll(() => shop.stop());

  async function linkIn(template: MailTemplate, to: string, field: string): Promise<string> {
    const [mail] = await db()
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.to, to)));
    const link = new URL(String(mail?.payload[field]));
    return `${link.pathname}${link.search}`;
  }

  /**
   * Pays for two bottles through the sandbox's page as a guest: the confirmation's address, and
   * the cookie of the browser that opened the checkout.
   */
  async function payAsGuest(email: string) {
    const cart = { items: [{ itemId: "luxe", quantity: 2 }], localPickup: false };
    const opened = await client.postJson("/api/checkout", cart);
    const browser = cookieHeader(opened.headers.getSetCookie());
    const { url } = (await opened.json()) as { url: string };
    const sandboxPath = new URL(url).pathname;
    expect(await open(sandboxPath)).toBe(200);
    const paid = await client.postForm(sandboxPath, sandboxPaymentForm(email));
    expect(paid.status).toBe(302);
    await paid.arrayBuffer();
    return { confirmation: paid.headers.get("Location") ?? "", browser };
  }

  it("carries no token, bearer id, cookie or authorization of any link it was asked for", async () => {
    const secrets: string[] = [metricsToken];

    const owner = await client.register("owner@example.com");
    await makeVerifiedStaff(db(), "owner@example.com", "owner");
    secrets.push(...cookieValues(owner));
    const invite = { intent: "invite", email: "new@example.com" };
    await (await client.postForm("/admin/staff", invite, { cookie: owner })).text();
    const rotation = { intent: "rotate-code", kind: "beta", rotatedAt: "" };
    const rotated = await (
      await client.postForm("/admin/settings", rotation, { cookie: owner })
    ).text();
    const accessCode = /data-testid="new-access-code"[^>]*>([^<]+)</.exec(rotated)?.[1] ?? "";
    expect(accessCode).not.toBe("");
    const granted = await client.postForm("/access", { kind: "beta", accessCode });
    expect(granted.status).toBe(302);
    const invitation = await linkIn("staff-invitation", "new@example.com", "acceptUrl");
    secrets.push(invitation.split("/").at(-1) ?? "");
    expect(await open(invitation)).toBe(200);
    expect(await open(`${invitation}.data`)).toBe(200);

    const verifying = await client.register("verify@example.com");
    const verification = await linkIn("email-verification", "verify@example.com", "verifyUrl");
    secrets.push(new URLSearchParams(verification.split("?")[1]).get("token") ?? "");
    await open(verification, verifying);

    await (await client.postForm("/forgot-password", { email: "verify@example.com" })).text();
    const reset = await linkIn("password-reset", "verify@example.com", "resetUrl");
    secrets.push(new URLSearchParams(reset.split("?")[1]).get("token") ?? "");
    expect(await open(reset)).toBe(200);

    const { confirmation, browser } = await payAsGuest("guest@example.com");
    const sessionId = new URLSearchParams(confirmation.split("?")[1]).get("sessionId") ?? "";
    expect(await open(confirmation, browser)).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.email, "guest@example.com"));
    const guestId = order?.guestId ?? "";
    expect(await open(`/create-account?guestId=${guestId}`)).toBe(200);
    secrets.push(sessionId, guestId);

    const labelToken = randomBytes(24).toString("base64url");
    await db()
      .insert(orderReturns)
      .values({
        orderId: order?.id ?? "",
        status: "approved",
        reason: "The cap leaks",
        labelPdf: new TextEncoder().encode("%PDF-1.7 prepaid label"),
        labelToken,
      });
    expect(await open(`/return-label/${labelToken}`)).toBe(200);
    secrets.push(labelToken);

    const metrics = await fetch(new URL("/metrics", shop.url), {
      headers: { Authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.status).toBe(200);
    await metrics.text();

    // The e-mails with those links are written to the log too, once the outbox delivers them.
    await expect
      .poll(
        async () =>
          (await db().select().from(mailOutbox).where(ne(mailOutbox.status, "logged"))).length,
        { interval: 200 },
      )
      .toBe(0);

    for (const shown of [
      "/staff-invitation/[redacted]",
      "/verify-email?token=[redacted]",
      "/reset-password?token=[redacted]",
      "/checkout/sandbox/[redacted]",
      "/order-confirmation?sessionId=[redacted]",
      "/create-account?guestId=[redacted]",
      "/return-label/[redacted]",
    ]) {
      expect(
        lines.some((line) => JSON.parse(line).url === shown),
        shown,
      ).toBe(true);
    }
    expect(lines.some((line) => JSON.parse(line).msg === "e-mail (not sent: no SMTP_URL)")).toBe(
      true,
    );
    expect(secrets.every((value) => value.length >= 16)).toBe(true);
    // A rotated access code is shorter than the tokens, and no less secret.
    const leaks = lines.filter(
      (line) => line.includes(accessCode) || secrets.some((value) => line.includes(value)),
    );
    expect(leaks).toEqual([]);
  });
});
