import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageMessages } from "~core/images";
import { testEngines } from "../../test/support/database";
import { type RunningTestShop, shopClient, startBuiltShop } from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import { academySections, influencers } from "../db/schema.server";
import { articleSections } from "./academy.server";

describe.each(testEngines)("the content editors over HTTP on %s", (engine) => {
  let shop: RunningTestShop;
  let client: ReturnType<typeof shopClient>;
  let owner: string;
  let clerk: string;
  const db = () => shop.database.db;
  // Asked fresh: the shop may send an anonymous visitor a copy of a page up to 5 seconds old.
  const get = (path: string, cookie?: string) =>
    fetch(new URL(path, shop.url), {
      headers: { "Cache-Control": "no-cache", ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });

  /** A multipart post, as the upload form sends it. */
  const postUpload = (path: string, cookie: string, fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return fetch(new URL(path, shop.url), {
      method: "POST",
      headers: { Origin: shop.url, Cookie: cookie },
      body,
      redirect: "manual",
    });
  };

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    client = shopClient(shop.url);
    owner = await client.register("boss@example.com");
    await makeVerifiedStaff(db(), "boss@example.com", "owner");
    clerk = await client.register("clerk@example.com");
    await makeVerifiedStaff(db(), "clerk@example.com", "staff");
  });
  afterAll(() => shop.stop());

  const recipeForm = {
    intent: "save",
    title: "Warm Olives",
    slug: "",
    introduction: "Olives warmed in oil with orange peel.",
    ingredients: "1 cup olives\n3 tablespoons Luxe",
    directions: "Warm the oil.\nAdd the olives.",
    goodFor: "4",
    ease: "1",
    oliveOils: "luxe",
    otherTags: "Vegan",
    instagramLink: "",
    prepMinutes: "5",
    cookMinutes: "10",
    servings: "4",
  };

  let recipeId = "";

  it("lets a member of staff start and save a draft, but not publish it", async () => {
    const created = await client.postForm(
      "/admin/recipes",
      { intent: "create", title: "Warm Olives" },
      { cookie: clerk },
    );
    const location = created.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/admin\/recipes\/\d+$/);
    recipeId = location.split("/").at(-1) ?? "";

    const saved = await client.postForm(location, recipeForm, { cookie: clerk });
    expect(saved.status).toBe(302);
    const autosaved = await client.postForm(
      location,
      { ...recipeForm, introduction: "Olives warmed slowly.", autosave: "on" },
      { cookie: clerk },
    );
    expect(autosaved.status).toBe(200);

    const refused = await client.postForm(location, { intent: "publish" }, { cookie: clerk });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only the owner publishes recipes");
    expect((await get("/academy/recipes/warm-olives")).status).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain("warm-olives");
  });

  it("keeps what was typed when a save is refused", async () => {
    const refused = await client.postForm(
      `/admin/recipes/${recipeId}`,
      { ...recipeForm, slug: "Not A Slug", introduction: "Typed and kept." },
      { cookie: clerk },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Please use lower-case letters, digits and single hyphens");
    expect(html).toContain("Typed and kept.");
  });

  it("publishes for the owner: the page, its JSON-LD and the sitemap", async () => {
    const published = await client.postForm(
      `/admin/recipes/${recipeId}`,
      { intent: "publish" },
      { cookie: owner },
    );
    expect(published.status).toBe(302);
    const page = await get("/academy/recipes/warm-olives");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Olives warmed slowly.");
    expect(html).toContain('"prepTime":"PT5M"');
    expect(await (await get("/sitemap.xml")).text()).toContain("/academy/recipes/warm-olives");
  });

  it("refuses a text file named .png, and serves an uploaded photo's variants", async () => {
    const path = `/admin/recipes/${recipeId}`;
    const text = await postUpload(path, clerk, {
      intent: "upload-photo",
      alt: "Olives",
      photo: new File(["not a picture"], "olives.png", { type: "image/png" }),
    });
    expect(text.status).toBe(400);
    expect(await text.text()).toContain(imageMessages.notAnImage);

    const jpeg = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#6b7a3a" },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await postUpload(path, clerk, {
      intent: "upload-photo",
      alt: "A bowl of warm olives",
      photo: new File([new Uint8Array(jpeg)], "olives.jpg", { type: "image/jpeg" }),
    });
    expect(uploaded.status).toBe(302);
    await client.postForm(path, { intent: "publish" }, { cookie: owner });
    const html = await (await get("/academy/recipes/warm-olives")).text();
    const source = /<source type="image\/avif" srcSet="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(source).toMatch(/^\/media\/[\w-]+\/400\.avif 400w, \/media\/[\w-]+\/800\.avif 800w/);
    const variant = await get(source.split(" ")[0] ?? "");
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/avif");
    expect(variant.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = variant.headers.get("ETag") ?? "";
    const again = await fetch(new URL(source.split(" ")[0] ?? "", shop.url), {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("refuses a body over the upload limit before reading it", async () => {
    const response = await postUpload(`/admin/recipes/${recipeId}`, clerk, {
      intent: "upload-photo",
      alt: "Too big",
      photo: new File([new Uint8Array(11 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }),
    });
    expect(response.status).toBe(413);
  });

  it("keeps influencer pages to the owner, and a page taken down answers 410", async () => {
    const [maria] = await db()
      .select()
      .from(influencers)
      .where(eq(influencers.slug, "maria-papadopoulos"));
    if (!maria) throw new Error("no seed influencer");
    const path = `/admin/influencers/${maria.id}`;
    expect((await get(path, clerk)).headers.get("Location")).toBe("/");
    const fields = {
      intent: "save",
      firstName: "Maria",
      lastName: "Papadopoulos",
      title: maria.title,
      heroQuote: maria.heroQuote,
      storyQuote: "A new bio for the new harvest.",
      couponCode: maria.couponCode,
    };
    const byClerk = await client.postForm(path, { ...fields, active: "on" }, { cookie: clerk });
    expect(byClerk.headers.get("Location")).toBe("/");

    expect(
      (await client.postForm(path, { ...fields, active: "on" }, { cookie: owner })).status,
    ).toBe(302);
    expect(await (await get("/community/maria-papadopoulos", owner)).text()).toContain(
      "A new bio for the new harvest.",
    );
    // The checkbox left out: the page is taken down.
    expect((await client.postForm(path, fields, { cookie: owner })).status).toBe(302);
    const gone = await get("/community/maria-papadopoulos", owner);
    expect(gone.status).toBe(410);
    const goneHtml = await gone.text();
    expect(goneHtml).toContain('href="/our-olive-oils"');
    expect(goneHtml).not.toContain(maria.couponCode);
  });

  it("lets staff prepare a new influencer page that only the owner puts up", async () => {
    expect((await get("/admin/influencers", clerk)).status).toBe(200);
    const portrait = await sharp({
      create: { width: 60, height: 60, channels: 3, background: { r: 120, g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const fields = {
      intent: "create",
      firstName: "Nikos",
      lastName: "Aras",
      slug: "",
      title: "Grill cook in Fresno",
      heroQuote: "Fire, salt and oil.",
      storyQuote: "I brush every skewer with this oil.",
      couponCode: "TAKE5",
      alt: "Nikos Aras at his grill",
      photo: new File([new Uint8Array(portrait)], "nikos.jpg"),
    };
    // The switch is the owner's: from staff the page is made a draft all the same.
    const created = await postUpload("/admin/influencers/new", clerk, { ...fields, active: "on" });
    expect(created.status).toBe(302);
    const editor = created.headers.get("Location") ?? "";
    expect(editor).toMatch(/^\/admin\/influencers\/\d+$/);
    expect((await get("/community/nikos-aras")).status).toBe(404);
    expect((await get(editor, clerk)).status).toBe(200);

    const saveFields = {
      intent: "save",
      firstName: "Nikos",
      lastName: "Aras",
      title: fields.title,
      heroQuote: fields.heroQuote,
      storyQuote: fields.storyQuote,
      couponCode: "TAKE5",
    };
    expect(
      (await client.postForm(editor, { ...saveFields, active: "on" }, { cookie: owner })).status,
    ).toBe(302);
    const live = await get("/community/nikos-aras");
    expect(live.status).toBe(200);
    const html = await live.text();
    expect(html).toContain("I brush every skewer with this oil.");
    expect(html).toContain("TAKE5");
    expect(html).toContain('alt="Nikos Aras at his grill"');

    // Up once, the page is the owner's alone, to read and to change.
    expect((await get(editor, clerk)).headers.get("Location")).toBe("/");
    const byClerk = await client.postForm(editor, saveFields, { cookie: clerk });
    expect(byClerk.headers.get("Location")).toBe("/");
    expect((await get("/community/nikos-aras")).status).toBe(200);

    // A taken address is refused, with what was typed kept.
    const twin = await postUpload("/admin/influencers/new", owner, {
      ...fields,
      slug: "nikos-aras",
      couponCode: "OLDCODE",
    });
    expect(twin.status).toBe(400);
    const refusal = await twin.text();
    expect(refusal).toContain("Another influencer page has this address");
    expect(refusal).toContain("I brush every skewer with this oil.");
  });

  it("keeps the order of the academy's sections to the owner", async () => {
    const [first] = await db()
      .select()
      .from(academySections)
      .where(eq(academySections.key, "heart"));
    if (!first) throw new Error("no section");
    const move = { intent: "move-down", section: String(first.id), from: "0" };
    expect(
      (await client.postForm("/admin/academy", move, { cookie: clerk })).headers.get("Location"),
    ).toBe("/");
    expect((await client.postForm("/admin/academy", move, { cookie: owner })).status).toBe(302);
    const page = await (await get("/academy/health-benefits")).text();
    expect(page.indexOf("Brain health")).toBeLessThan(page.indexOf("Heart health"));
    // Pressed twice, the button moves the card once.
    expect((await client.postForm("/admin/academy", move, { cookie: owner })).status).toBe(302);
    expect((await articleSections(db(), "health-benefits"))[1]?.key).toBe("heart");
  });

  it("lets the owner change an academy section, on the page at once; staff may not", async () => {
    const [brain] = await db()
      .select()
      .from(academySections)
      .where(eq(academySections.key, "brain"));
    if (!brain) throw new Error("no section");
    const path = `/admin/academy/${brain.id}`;
    const fields = {
      intent: "save",
      title: "Brain health",
      text: "A sharper memory over four years, in a trial in Barcelona.",
      difference: "",
      studyCitation: brain.studyCitation ?? "",
      studyUrl: brain.studyUrl ?? "",
    };
    expect((await client.postForm(path, fields, { cookie: clerk })).headers.get("Location")).toBe(
      "/",
    );
    expect((await client.postForm(path, fields, { cookie: owner })).status).toBe(302);
    const page = await (await get("/academy/health-benefits")).text();
    expect(page).toContain("A sharper memory over four years, in a trial in Barcelona.");
    expect(page).toContain(brain.studyUrl ?? "no study");
  });
});
