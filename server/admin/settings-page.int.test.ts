import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "~core/staff";
import { anotherInstanceOf, type TestDatabase, testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { auditLog, settings } from "../db/schema.server";

const env = {
  TRUST_PROXY: "1",
  BETA_ACCESS_CODE: "beta-code-1",
  RESTAURANT_ACCESS_CODE: "chef-code-1",
};

/** The restaurant code's rotate button, on a page opened while the code was the environment's. */
const neverRotatedRestaurantCode = { intent: "rotate-code", kind: "restaurant", rotatedAt: "" };

/** An attribute's value as React writes it into the page. */
function attributeValue(html: string, name: string): string {
  const found = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  return found.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

describe.each(testEngines)("the settings page over HTTP, two instances on %s", (engine) => {
  // Two instances of the shop on one database, as behind a load balancer.
  let first: RunningTestShop;
  let second: RunningTestShop;
  let secondDatabase: TestDatabase;
  let client = 0;
  const db = () => first.database.db;
  const from = () => `10.9.0.${++client}`;
  const get = (shop: RunningTestShop, path: string, cookie = "") =>
    fetch(new URL(path, shop.url), {
      headers: { Cookie: cookie, "X-Forwarded-For": from() },
      redirect: "manual",
    });
  const post = (shop: RunningTestShop, path: string, fields: Record<string, string>, cookie = "") =>
    shopClient(shop.url).postForm(path, fields, { cookie, from: from() });

  beforeAll(async () => {
    first = await startBuiltShop(engine, env);
    secondDatabase = anotherInstanceOf(first.database);
    second = await startBuiltShop(engine, env, { database: secondDatabase });
  });
  afterAll(async () => {
    await second.stop();
    await secondDatabase.dispose();
    await first.stop();
  });

  async function enrolledAs(email: string, role: StaffRole): Promise<string> {
    const cookie = await shopClient(first.url).register(email, { from: from() });
    await makeVerifiedStaff(db(), email, role);
    return cookie;
  }

  /** The settings form as the page gives it, with `changes` typed in. */
  async function settingsForm(cookie: string, changes: Record<string, string>) {
    const html = await (await get(first, "/admin/settings", cookie)).text();
    const fields: Record<string, string> = { intent: "save" };
    for (const name of [
      "freeShippingMin",
      "standardShipping",
      "timeZone",
      "softLaunchCode",
      "retryDays",
    ]) {
      fields[name] = attributeValue(html, name);
    }
    fields.afterLastRetry =
      /name="afterLastRetry" checked="" value="([^"]*)"/.exec(html)?.[1] ?? "";
    fields.loaded = attributeValue(html, "loaded");
    return { ...fields, ...changes };
  }

  const lastAuditId = async () => {
    const rows = await db().select({ id: auditLog.id }).from(auditLog);
    return Math.max(0, ...rows.map((row) => row.id));
  };

  it("answers a member of staff as an unknown address, for the page and both forms", async () => {
    const owner = await enrolledAs("boss@example.com", "owner");
    const clerk = await enrolledAs("clerk@example.com", "staff");
    const ownersPage = await get(first, "/admin/settings", owner);
    expect(ownersPage.status).toBe(200);
    expect(ownersPage.headers.get("Cache-Control")).toContain("no-store");
    const html = await ownersPage.text();
    expect(html).toContain('href="/admin/settings"');
    expect(html).not.toMatch(/chef-code-1|beta-code-1|argon2/);
    expect(await (await get(first, "/admin/orders", clerk)).text()).not.toContain(
      'href="/admin/settings"',
    );

    const before = await lastAuditId();
    expect((await get(first, "/admin/settings", clerk)).headers.get("Location")).toBe("/");
    const attempts = [
      await settingsForm(owner, { freeShippingMin: "1" }),
      neverRotatedRestaurantCode,
    ];
    for (const fields of attempts) {
      const answer = await post(first, "/admin/settings", fields, clerk);
      expect(answer.status, fields.intent).toBe(302);
      expect(answer.headers.get("Location"), fields.intent).toBe("/");
    }
    expect(await lastAuditId()).toBe(before);
    expect(
      await db().select().from(settings).where(eq(settings.key, "freeShippingMinCents")),
    ).toEqual([]);
    const stillWorks = await post(second, "/access", {
      kind: "restaurant",
      accessCode: "chef-code-1",
    });
    expect(stillWorks.status).toBe(302);
  });

  it("applies a change saved on one instance on the other with its next request", async () => {
    const owner = await enrolledAs("owner2@example.com", "owner");
    const before = await lastAuditId();
    const saved = await post(
      first,
      "/admin/settings",
      await settingsForm(owner, {
        freeShippingMin: "40",
        standardShipping: "9.95",
        timeZone: "europe/athens",
      }),
      owner,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings");

    // A visit with a cookie is rendered for it, never a shared copy.
    const page = await (await get(second, "/our-olive-oils", "visit=1")).text();
    expect(page).toContain("Shipping is a flat $9.95, free on orders of $40 or more");
    const secondForm = await (await get(second, "/admin/settings", owner)).text();
    expect(attributeValue(secondForm, "timeZone")).toBe("Europe/Athens");
    const audit = await (await get(second, "/admin/audit", owner)).text();
    expect(audit).toContain("Free-shipping minimum");
    expect(audit).toContain("$40");
    expect(
      await db()
        .select({ subjectId: auditLog.subjectId, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(gt(auditLog.id, before), eq(auditLog.action, "setting.changed")))
        .orderBy(auditLog.id),
    ).toEqual([
      {
        subjectId: "freeShippingMinCents",
        before: { freeShippingMinCents: 10_000 },
        after: { freeShippingMinCents: 4000 },
      },
      {
        subjectId: "standardShippingCents",
        before: { standardShippingCents: 1500 },
        after: { standardShippingCents: 995 },
      },
      {
        subjectId: "shopTimeZone",
        before: { shopTimeZone: "America/Los_Angeles" },
        after: { shopTimeZone: "Europe/Athens" },
      },
    ]);
  });

  it("keeps what was typed with a message for each mistake, and refuses a stale form", async () => {
    const owner = await enrolledAs("owner3@example.com", "owner");
    const wrong = await post(
      first,
      "/admin/settings",
      await settingsForm(owner, { freeShippingMin: "lots", timeZone: "Mars/Base" }),
      owner,
    );
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain(
      "Please enter an amount in dollars from $0 to $100,000, like 100 or 99.50",
    );
    expect(html).toContain("Please enter a time zone by its IANA name");
    expect(attributeValue(html, "freeShippingMin")).toBe("lots");
    expect(attributeValue(html, "timeZone")).toBe("Mars/Base");

    const stale = await settingsForm(owner, { standardShipping: "12" });
    const meanwhile = await post(
      second,
      "/admin/settings",
      await settingsForm(owner, { standardShipping: "11" }),
      owner,
    );
    expect(meanwhile.status).toBe(302);
    const refused = await post(first, "/admin/settings", stale, owner);
    expect(refused.status).toBe(409);
    const answer = await refused.text();
    expect(answer).toContain("Someone else changed Standard shipping since you opened this page");
    expect(attributeValue(answer, "standardShipping")).toBe("12");
    const [row] = await db()
      .select()
      .from(settings)
      .where(eq(settings.key, "standardShippingCents"));
    expect(row?.value).toBe(1100);
    // Sent again as it now stands, the owner's value is saved.
    const resent = await post(
      first,
      "/admin/settings",
      { ...stale, loaded: attributeValue(answer, "loaded") },
      owner,
    );
    expect(resent.status).toBe(302);
  });

  it("rotates a code on one instance: refused on the other at once, the new one shown once and accepted", async () => {
    const owner = await enrolledAs("owner4@example.com", "owner");
    // Sent as the page opened before any rotation sends it.
    const rotate = () => post(first, "/admin/settings", neverRotatedRestaurantCode, owner);
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("Cache-Control")).toContain("no-store");
    const html = await rotated.text();
    const code = /data-testid="new-access-code"[^>]*>([^<]+)</.exec(html)?.[1] ?? "";
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const reopened = await (await get(first, "/admin/settings", owner)).text();
    expect(reopened).not.toContain(code);
    expect(reopened).toMatch(/Restaurant access code<\/p><p[^>]*>Rotated <time/);

    const old = await post(second, "/access", { kind: "restaurant", accessCode: "chef-code-1" });
    expect(old.status).toBe(400);
    expect(await old.text()).toContain("Incorrect access code");
    const fresh = await post(second, "/access", { kind: "restaurant", accessCode: code });
    expect(fresh.status).toBe(302);
    expect(fresh.headers.getSetCookie().join()).toMatch(/access=/);

    // The same form sent again rotates nothing: the code shown still works.
    const again = await rotate();
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("was rotated since this page was opened");
    expect((await post(second, "/access", { kind: "restaurant", accessCode: code })).status).toBe(
      302,
    );
    const audit = await (await get(second, "/admin/audit", owner)).text();
    expect(audit).toContain("Access code rotated");
    expect(audit).toContain("Restaurant access code");
    expect(audit).not.toContain(code);
  });
});
