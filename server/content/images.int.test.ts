import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageMessages, maxImageBytes } from "~core/images";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { auditLog, contentImageVariants } from "../db/schema.server";
import { imageVariantResponse, processImage, storeUploadedImage } from "./images.server";

const actor = { id: "staff-1", email: "staff@troiagrove.test" };

/** A photo with camera metadata (EXIF with a location), as a phone sends it. */
async function cameraPhoto(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 140, b: 60 } },
  })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Secret Model" },
      IFD3: { GPSLatitudeRef: "N" },
    })
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A tiny PNG that declares `width` × `height` pixels: decoding it would need gigabytes. */
function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("reading an upload", () => {
  it("keeps the original without its metadata and makes AVIF and WebP at each width", async () => {
    const result = await processImage(await cameraPhoto());
    if (!result.ok) throw new Error(result.message);
    const { image } = result;
    expect(image).toMatchObject({ format: "jpeg", width: 2000, height: 1500 });
    expect((await sharp(image.original).metadata()).exif).toBeUndefined();
    expect(image.original.includes("Secret Model")).toBe(false);
    expect(image.variants.map((variant) => `${variant.width}.${variant.format}`)).toEqual([
      "400.avif",
      "400.webp",
      "800.avif",
      "800.webp",
      "1200.avif",
      "1200.webp",
      "1600.avif",
      "1600.webp",
    ]);
    const smallest = image.variants[0];
    expect(smallest?.height).toBe(300);
    expect((await sharp(smallest?.bytes).metadata()).format).toBe("heif");
  });

  it("keeps a small picture's own width and does not enlarge it", async () => {
    const result = await processImage(await cameraPhoto(640, 480));
    if (!result.ok) throw new Error(result.message);
    expect([...new Set(result.image.variants.map((variant) => variant.width))]).toEqual([400, 640]);
  });

  it("turns a photo upright by its orientation tag, then drops the tag", async () => {
    const sideways = await sharp(await cameraPhoto(800, 600))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await processImage(sideways);
    if (!result.ok) throw new Error(result.message);
    expect(result.image).toMatchObject({ width: 600, height: 800 });
    const stored = await sharp(result.image.original).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([600, 800, undefined]);
    expect(result.image.variants[0]).toMatchObject({ width: 400, height: 533 });
  });

  it("reads PNG, WebP and AVIF by their bytes", async () => {
    const photo = sharp(await cameraPhoto(500, 400));
    for (const [format, bytes] of [
      ["png", await photo.clone().png().toBuffer()],
      ["webp", await photo.clone().webp().toBuffer()],
      ["avif", await photo.clone().avif({ effort: 0 }).toBuffer()],
    ] as const) {
      const result = await processImage(bytes);
      expect(result.ok && result.image.format).toBe(format);
    }
  });

  it("refuses what is not a JPEG, PNG, WebP or AVIF, whatever its name says", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const gif = await sharp(await cameraPhoto(50, 50))
      .gif()
      .toBuffer();
    for (const bytes of [
      Buffer.from("just some text, saved as photo.png"),
      svg,
      gif,
      Buffer.alloc(0),
      (await cameraPhoto(400, 300)).subarray(0, 200),
    ]) {
      expect(await processImage(bytes)).toEqual({ ok: false, message: imageMessages.notAnImage });
    }
  });

  it("refuses a file over 10 MB before reading it", async () => {
    expect(await processImage(Buffer.alloc(maxImageBytes + 1))).toEqual({
      ok: false,
      message: imageMessages.tooLarge,
    });
  });

  it("refuses huge dimensions from the header, without decoding the pixels", async () => {
    const before = process.memoryUsage.rss();
    expect(await processImage(hugePng(60_000, 60_000))).toEqual({
      ok: false,
      message: imageMessages.tooManyPixels,
    });
    expect(process.memoryUsage.rss() - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("leaves behind what a polyglot file carries after the picture", async () => {
    const payload = "<script>alert('stored')</script>PK\u0003\u0004";
    const polyglot = Buffer.concat([await cameraPhoto(600, 400), Buffer.from(payload)]);
    const result = await processImage(polyglot);
    if (!result.ok) throw new Error(result.message);
    expect(result.image.original.includes("<script>")).toBe(false);
    for (const variant of result.image.variants) {
      expect(variant.bytes.includes("<script>")).toBe(false);
    }
  });

  it("refuses an HTML page that starts like a picture's header but is none", async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    expect(await processImage(fake)).toEqual({ ok: false, message: imageMessages.notAnImage });
  });
});

describe.each(testEngines)("the image store on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  const upload = async (alt: string) =>
    storeUploadedImage(database.db, actor, {
      file: new File([new Uint8Array(await cameraPhoto(1000, 750))], "dish.png", {
        type: "image/png",
      }),
      alt,
    });

  it("stores an upload with its variants and an audit row", async () => {
    const stored = await upload("A bowl of green beans");
    if (!stored.ok) throw new Error(JSON.stringify(stored.fieldErrors));
    expect(stored.image).toMatchObject({
      alt: "A bowl of green beans",
      width: 1000,
      height: 750,
      widths: [400, 800, 1000],
    });
    const variants = await database.db
      .select({ format: contentImageVariants.format, width: contentImageVariants.width })
      .from(contentImageVariants)
      .where(eq(contentImageVariants.imageId, stored.imageId));
    expect(variants).toHaveLength(6);
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(stored.imageId)));
    expect(row).toMatchObject({ action: "image.uploaded", actorId: actor.id });
  });

  it("stores uploads sent at once, each in its turn, a refused one stopping no other", async () => {
    const [first, refused, second] = await Promise.all([
      upload("Olives"),
      storeUploadedImage(database.db, actor, {
        file: new File(["text"], "a.png"),
        alt: "Not a picture",
      }),
      upload("Bread"),
    ]);
    expect([first.ok, refused.ok, second.ok]).toEqual([true, false, true]);
  });

  it("requires the alt text and a file", async () => {
    expect(await upload("  ")).toEqual({
      ok: false,
      fieldErrors: { alt: imageMessages.altRequired },
    });
    expect(await storeUploadedImage(database.db, actor, { file: null, alt: "x" })).toEqual({
      ok: false,
      fieldErrors: { file: imageMessages.noFile },
    });
  });

  it("refuses a text file named .png with the message", async () => {
    const result = await storeUploadedImage(database.db, actor, {
      file: new File(["not a picture"], "photo.png", { type: "image/png" }),
      alt: "A photo",
    });
    expect(result).toEqual({ ok: false, fieldErrors: { file: imageMessages.notAnImage } });
  });

  it("serves a variant with immutable caching and its ETag, and 304 when it is unchanged", async () => {
    const stored = await upload("Focaccia");
    if (!stored.ok) throw new Error("not stored");
    const response = await imageVariantResponse(database.db, stored.image.key, "800.avif", null);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(response.headers.get("Content-Length")));
    expect((await sharp(bytes).metadata()).width).toBe(800);

    const again = await imageVariantResponse(database.db, stored.image.key, "800.avif", etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const webp = await imageVariantResponse(database.db, stored.image.key, "800.webp", etag);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("ETag")).not.toBe(etag);
  });

  it("answers 404 for a width, format or key it does not hold", async () => {
    const stored = await upload("Granola");
    if (!stored.ok) throw new Error("not stored");
    for (const [key, file] of [
      [stored.image.key, "1600.avif"],
      [stored.image.key, "800.jpeg"],
      [stored.image.key, "../800.webp"],
      ["AAAAAAAAAAAAAAAAAAAAAA", "800.webp"],
      ["x", "800.webp"],
    ] as const) {
      const response = await imageVariantResponse(database.db, key, file, null);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});
