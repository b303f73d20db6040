import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InfluencerInput, influencerFormMessages } from "~core/admin/influencer-form";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { auditLog, influencers, promotions } from "../db/schema.server";
import { seedDemoData } from "../db/seed/seed.server";
import { storeUploadedImage } from "./images.server";
import {
  createInfluencer,
  findInfluencerBySlug,
  type InfluencerEditor,
  influencerEditorView,
  updateInfluencer,
} from "./influencers.server";

const owner: InfluencerEditor = { id: "owner-1", email: "owner@troiagrove.test", role: "owner" };
const clerk: InfluencerEditor = { id: "staff-1", email: "clerk@troiagrove.test", role: "staff" };

const page = (fields: Partial<InfluencerInput> = {}): InfluencerInput => ({
  firstName: "Eleni",
  lastName: "Kostas",
  title: "Baker in Astoria",
  heroQuote: "Bread wants good oil.",
  storyQuote: "I bake with this oil every morning.",
  couponCode: "WELCOME10",
  active: false,
  ...fields,
});

describe.each(testEngines)("new influencer pages on %s", (engine) => {
  let database: TestDatabase;
  let portraitImageId: number;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(db(), { onlyIfEmpty: true });
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 90, g: 110, b: 40 } },
    })
      .png()
      .toBuffer();
    const stored = await storeUploadedImage(db(), owner, {
      file: new File([new Uint8Array(png)], "eleni.png"),
      alt: "Eleni Kostas at her oven",
    });
    if (!stored.ok) throw new Error("the portrait was not stored");
    portraitImageId = stored.imageId;
  });
  afterAll(() => database.dispose());

  const auditOf = (subjectType: string, id: number) =>
    db()
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(id)))
      .then((rows) => rows.filter((row) => row.action.startsWith(subjectType)));

  it("makes the address from the name, unique among influencer pages", async () => {
    const first = await createInfluencer(db(), owner, {
      input: page({ active: true }),
      slug: null,
      portraitImageId,
    });
    expect(first).toMatchObject({ ok: true, slug: "eleni-kostas" });
    const second = await createInfluencer(db(), owner, {
      input: page({ couponCode: "TAKE5" }),
      slug: null,
      portraitImageId,
    });
    expect(second).toMatchObject({ ok: true, slug: "eleni-kostas-2" });
    // A seeded page's address is taken as well.
    const typed = await createInfluencer(db(), owner, {
      input: page({ couponCode: "MOTHERSDAY10" }),
      slug: "maria-papadopoulos",
      portraitImageId,
    });
    expect(typed).toEqual({ ok: false, fieldErrors: { slug: influencerFormMessages.slugTaken } });
  });

  it("offers only a promotion no other page has, and links it to the new page", async () => {
    const taken = await createInfluencer(db(), owner, {
      input: page({ couponCode: "MARIA15" }),
      slug: "eleni-bakes",
      portraitImageId,
    });
    expect(taken).toEqual({
      ok: false,
      fieldErrors: { couponCode: influencerFormMessages.couponCode },
    });
    const [welcome] = await db()
      .select({ influencerId: promotions.influencerId })
      .from(promotions)
      .where(eq(promotions.code, "WELCOME10"));
    const [eleni] = await db()
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.slug, "eleni-kostas"));
    expect(welcome?.influencerId).toBe(eleni?.id);
  });

  it("puts a page up at once for the owner, with its audit rows", async () => {
    const live = await findInfluencerBySlug(db(), "eleni-kostas");
    expect(live).toMatchObject({ storyQuote: "I bake with this oil every morning.", active: true });
    const [eleni] = await db()
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.slug, "eleni-kostas"));
    if (!eleni) throw new Error("no page");
    expect(await auditOf("influencer", eleni.id)).toEqual([
      { action: "influencer.created", actorId: owner.id },
    ]);
  });

  it("lets staff prepare a draft but not put it up, nor change a page that has been up", async () => {
    expect(
      await createInfluencer(db(), clerk, {
        input: page({ couponCode: "MOTHERSDAY10", active: true }),
        slug: "eleni-draft",
        portraitImageId,
      }),
    ).toEqual({ ok: false, forbidden: true });
    const draft = await createInfluencer(db(), clerk, {
      input: page({ couponCode: "MOTHERSDAY10" }),
      slug: "eleni-draft",
      portraitImageId,
    });
    if (!draft.ok) throw new Error("the draft was not made");
    // A draft is no public page.
    expect(await findInfluencerBySlug(db(), "eleni-draft")).toBeNull();
    const bio = { storyQuote: "Every loaf starts with oil." };
    expect(await updateInfluencer(db(), clerk, draft.id, bio)).toBe("saved");
    expect(await updateInfluencer(db(), clerk, draft.id, { active: true })).toBe("forbidden");

    expect(await updateInfluencer(db(), owner, draft.id, { active: true })).toBe("saved");
    expect(await findInfluencerBySlug(db(), "eleni-draft")).toMatchObject(bio);
    // Up once, it is the owner's: taking it down keeps it so (410, not a draft again).
    expect(await updateInfluencer(db(), clerk, draft.id, bio)).toBe("forbidden");
    expect(await updateInfluencer(db(), owner, draft.id, { active: false })).toBe("saved");
    expect(await influencerEditorView(db(), draft.id)).toMatchObject({ launched: true });
    expect(await findInfluencerBySlug(db(), "eleni-draft")).toMatchObject({ active: false });
    expect(await updateInfluencer(db(), clerk, draft.id, bio)).toBe("forbidden");

    expect((await auditOf("influencer", draft.id)).map((row) => row.action)).toEqual([
      "influencer.created",
      "influencer.updated",
      "influencer.updated",
      "influencer.updated",
    ]);
  });

  it("keeps the seed's pages to the owner", async () => {
    const [maria] = await db()
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.slug, "maria-papadopoulos"));
    if (!maria) throw new Error("no seed influencer");
    expect(await updateInfluencer(db(), clerk, maria.id, { title: "Chef" })).toBe("forbidden");
    expect(await updateInfluencer(db(), owner, maria.id, { title: "Chef" })).toBe("saved");
    expect(await updateInfluencer(db(), owner, 999_999, { title: "Chef" })).toBe("missing");
  });
});
