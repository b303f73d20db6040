import { and, asc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageMessages } from "~core/images";
import type { StaffRole } from "~core/staff";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { auditLog, products } from "../db/schema.server";
import { readCatalog } from "./catalog.server";

const itemPath = "/admin/catalog/luxe";
const alt = "A bottle of Luxe on the terrace, the grove behind it";

async function bottlePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 1500, height: 2000, channels: 3, background: { r: 90, g: 110, b: 40 } },
  })
    .jpeg()
    .toBuffer();
}

describe.each(testEngines)("a catalog item's photo over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let owner = "";
  let clerk = "";
  let client = 0;
  const db = () => shop.database.db;
  const from = () => `10.8.0.${++client}`;

  const get = (path: string, cookie: string) =>
    fetch(new URL(path, shop.url), {
      headers: { Cookie: cookie, "X-Forwarded-For": from() },
      redirect: "manual",
    });

  /** The item page's photo forms, posted as a browser posts them. */
  const post = (cookie: string, fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return fetch(new URL(itemPath, shop.url), {
      method: "POST",
      headers: { Origin: shop.url, Cookie: cookie, "X-Forwarded-For": from() },
      body,
      redirect: "manual",
    });
  };

  const versionOnPage = async () => {
    const html = await (await get(itemPath, owner)).text();
    return /name="version" value="([^"]+)"/.exec(html)?.[1] ?? "";
  };

  const photoAudits = () =>
    db()
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, ["catalog.photo_set", "catalog.photo_removed"]),
          eq(auditLog.subjectId, "luxe"),
        ),
      )
      .orderBy(asc(auditLog.id));

  async function enrolledAs(email: string, role: StaffRole): Promise<string> {
    const cookie = await shopClient(shop.url).register(email, { from: from() });
    await makeVerifiedStaff(db(), email, role);
    return cookie;
  }

  beforeAll(async () => {
    shop = await startBuiltShop(engine, { TRUST_PROXY: "1" });
    owner = await enrolledAs("boss@example.com", "owner");
    clerk = await enrolledAs("clerk@example.com", "staff");
  });
  afterAll(() => shop.stop());

  it("answers a member of staff as an unknown address, and changes nothing", async () => {
    expect((await get(itemPath, clerk)).headers.get("Location")).toBe("/");
    const version = await versionOnPage();
    const photo = new Blob([new Uint8Array(await bottlePhoto())], { type: "image/jpeg" });
    for (const [intent, fields] of [
      ["upload-photo", { version, photo, alt }],
      ["remove-photo", { version }],
    ] as const) {
      const answer = await post(clerk, { intent, ...fields });
      expect(answer.status, intent).toBe(302);
      expect(answer.headers.get("Location"), intent).toBe("/");
    }
    expect(await photoAudits()).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "image.uploaded"))).toEqual(
      [],
    );
    expect((await readCatalog(db())).luxe.photo).toBeUndefined();
  });

  it("refuses a file that is not an image with the store's message, keeping the alt text", async () => {
    const answer = await post(owner, {
      intent: "upload-photo",
      version: await versionOnPage(),
      photo: new Blob(["These are my notes, not a picture."], { type: "image/png" }),
      alt,
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(imageMessages.notAnImage);
    expect(html).toContain(`value="${alt}"`);
    expect(await photoAudits()).toEqual([]);
    expect((await readCatalog(db())).luxe.photo).toBeUndefined();
  });

  it("puts the owner's photo on the item with an audit row, then takes it off again", async () => {
    const loaded = await versionOnPage();
    const photo = new Blob([new Uint8Array(await bottlePhoto())], { type: "image/jpeg" });
    const uploaded = await post(owner, { intent: "upload-photo", version: loaded, photo, alt });
    expect(uploaded.status).toBe(302);
    expect(uploaded.headers.get("Location")).toBe(itemPath);

    const { luxe } = await readCatalog(db());
    expect(luxe.photo).toMatchObject({
      alt,
      width: 1500,
      height: 2000,
      widths: [400, 800, 1200, 1500],
    });
    expect(luxe.image).toBe("/images/bottles/luxe-375.svg");
    const [row] = await db()
      .select({ photoImageId: products.photoImageId })
      .from(products)
      .where(eq(products.id, "luxe"));
    const [set] = await photoAudits();
    expect(set).toMatchObject({
      action: "catalog.photo_set",
      actorEmail: "boss@example.com",
      before: { imageId: null },
      after: { imageId: row?.photoImageId },
    });
    const page = await (await get(itemPath, owner)).text();
    expect(page).toContain(`/media/${luxe.photo?.key}/400.avif 400w`);
    expect(page).toContain("Remove photo");

    // The same form again, loaded before the photo was set, changes nothing.
    const again = await post(owner, { intent: "upload-photo", version: loaded, photo, alt });
    expect(again.status).toBe(409);
    expect((await readCatalog(db())).luxe.photo?.key).toBe(luxe.photo?.key);

    const removed = await post(owner, { intent: "remove-photo", version: await versionOnPage() });
    expect(removed.status).toBe(302);
    expect((await readCatalog(db())).luxe.photo).toBeUndefined();
    expect((await photoAudits()).map((audit) => [audit.action, audit.after])).toEqual([
      ["catalog.photo_set", { imageId: row?.photoImageId }],
      ["catalog.photo_removed", { imageId: null }],
    ]);
    expect(
      await db().select().from(auditLog).where(eq(auditLog.action, "image.uploaded")),
    ).toHaveLength(2);
  });
});
