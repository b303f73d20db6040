import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionFormMessages } from "~core/admin/promotion-form";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { auditLog, promotions } from "../db/schema.server";
import { lookUpPromotion } from "./promotions.server";

describe.each(testEngines)("the promotions page over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;
  let owner: string;
  let clerk: string;
  const db = () => shop.database.db;
  const get = (path: string, cookie: string) =>
    fetch(new URL(path, shop.url), { headers: { Cookie: cookie }, redirect: "manual" });

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    client = shopClient(shop.url);
    owner = await client.register("boss@example.com");
    await makeVerifiedStaff(db(), "boss@example.com", "owner");
    clerk = await client.register("clerk@example.com");
    await makeVerifiedStaff(db(), "clerk@example.com", "staff");
  });
  afterAll(() => shop.stop());

  const terms = {
    intent: "create",
    code: "spring5",
    kind: "amount",
    amountOff: "5",
    totalLimit: "5",
    eligibleItemIds: "luxe",
    active: "on",
  };

  async function auditedActions(subjectId: string) {
    const rows = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "promotion"), eq(auditLog.subjectId, subjectId)));
    return rows;
  }

  it("answers a member of staff as every owner page does, and changes nothing", async () => {
    expect((await get("/admin/promotions", clerk)).headers.get("Location")).toBe("/");
    const posted = await client.postForm("/admin/promotions", terms, { cookie: clerk });
    expect(posted.headers.get("Location")).toBe("/");
    expect(await db().select().from(promotions).where(eq(promotions.code, "SPRING5"))).toEqual([]);
    const inbox = await (await get("/admin/orders", clerk)).text();
    expect(inbox).not.toContain('href="/admin/promotions"');
  });

  it("gives a refused form back with each field's message and what was typed", async () => {
    const refused = await client.postForm(
      "/admin/promotions",
      { ...terms, code: "no good!", amountOff: "five", totalLimit: "0" },
      { cookie: owner },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    for (const shown of [
      promotionFormMessages.code,
      promotionFormMessages.amountOff,
      promotionFormMessages.limit,
      'value="no good!"',
      'value="five"',
    ]) {
      expect(html).toContain(shown.replaceAll("'", "&#x27;"));
    }
    const taken = await client.postForm(
      "/admin/promotions",
      { ...terms, code: "welcome10" },
      { cookie: owner },
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(promotionFormMessages.codeTaken);
  });

  it("creates, lists, edits, pauses and resumes a promotion, each with its audit row", async () => {
    const created = await client.postForm("/admin/promotions", terms, { cookie: owner });
    expect(created.headers.get("Location")).toBe("/admin/promotions");
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "SPRING5"));
    if (!row) throw new Error("the promotion was not created");
    expect(row).toMatchObject({ amountOffCents: 500, totalLimit: 5, eligibleItemIds: ["luxe"] });
    const list = await (await get("/admin/promotions", owner)).text();
    expect(list).toContain("0 used · 0 reserved · limit 5");

    const edited = await client.postForm(
      `/admin/promotions/${row.id}`,
      { ...terms, intent: "save", kind: "percent", percentOff: "20" },
      { cookie: owner },
    );
    expect(edited.headers.get("Location")).toBe("/admin/promotions");
    const paused = await client.postForm(
      "/admin/promotions",
      { intent: "pause", promotionId: String(row.id) },
      { cookie: owner },
    );
    expect(paused.status).toBe(302);
    expect(await lookUpPromotion(db(), "SPRING5")).toEqual({
      status: "refused",
      reason: "expired",
      code: "SPRING5",
    });
    await client.postForm(
      "/admin/promotions",
      { intent: "resume", promotionId: String(row.id) },
      { cookie: owner },
    );
    expect(await lookUpPromotion(db(), "SPRING5")).toMatchObject({
      status: "active",
      promotion: { percentOff: 20, amountOffCents: null },
    });
    expect((await auditedActions(String(row.id))).map((entry) => entry.action)).toEqual([
      "promotion.created",
      "promotion.updated",
      "promotion.paused",
      "promotion.resumed",
    ]);
    expect((await get("/admin/promotions/999999", owner)).status).toBe(404);
  });
});
