import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayMessage } from "~core/admin/days";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { auditLog } from "../db/schema.server";

/** Days a filter cannot use: past the years it allows, or no day at all. */
const refusedDays = [
  "9999-12-31",
  "1999-12-31",
  "2101-01-01",
  "0000-01-01",
  "2026-02-30",
  "+275760-09-13",
  "yesterday",
];

/** The back office's pages and downloads that read a from/to day. */
const dated = ["/admin/orders", "/admin/orders.data", "/admin/audit", "/admin/audit.data"];

describe.each(testEngines)("the back office's date filters over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let staff: string;
  const get = (path: string) =>
    fetch(new URL(path, shop.url), { headers: { Cookie: staff }, redirect: "manual" });
  const auditRows = () => shop.database.db.select().from(auditLog);

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    staff = await shopClient(shop.url).register("clerk@example.com");
    await makeVerifiedStaff(shop.database.db, "clerk@example.com");
  }, 90_000);
  afterAll(() => shop.stop());

  it("answers a day outside 2000-2100, or no day, with 400 and the form's message", async () => {
    for (const path of dated) {
      for (const field of ["from", "to"]) {
        for (const day of refusedDays) {
          const url = `${path}?kind=renewal&${field}=${encodeURIComponent(day)}`;
          const answer = await get(url);
          expect([url, answer.status]).toEqual([url, 400]);
          const body = await answer.text();
          expect(body, url).toContain(dayMessage);
        }
      }
    }
  });

  it("keeps the other filters of a refused form, and shows what was typed", async () => {
    const page = await (await get("/admin/orders?kind=renewal&q=ada&to=9999-12-31")).text();
    expect(page).toContain('value="9999-12-31"');
    expect(page).toContain('value="ada"');
    expect(page).toMatch(/<option value="renewal" selected="">/);
    expect(page).toContain('aria-invalid="true"');
  });

  it("takes the first and the last day a filter may name", async () => {
    for (const path of [...dated, "/admin/orders.csv"]) {
      const answer = await get(`${path}?from=2000-01-01&to=2100-12-31`);
      expect([path, answer.status]).toEqual([path, 200]);
      await answer.arrayBuffer();
    }
  });

  it("refuses an export with a refused day before reading or recording anything", async () => {
    const before = (await auditRows()).length;
    for (const field of ["from", "to"]) {
      for (const day of refusedDays) {
        const answer = await get(`/admin/orders.csv?${field}=${encodeURIComponent(day)}`);
        expect(answer.status).toBe(400);
        expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
        expect(answer.headers.get("Content-Disposition")).toBeNull();
        expect(await answer.text()).toBe(`The export was refused. ${field}: ${dayMessage}\n`);
      }
    }
    expect(await auditRows()).toHaveLength(before);
  });
});
