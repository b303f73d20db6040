/**
 * The image store: an upload is read by `sharp` from its bytes (never its name or media type),
 * re-encoded without metadata, and kept in the database with AVIF and WebP variants at the
 * standard widths; each variant is served under an address that never changes content.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp, { type Metadata, type Sharp } from "sharp";
import {
  type AcceptedImageFormat,
  acceptedImageFormats,
  imageMessages,
  isImageKey,
  maxAltLength,
  maxImageBytes,
  maxImagePixels,
  parseVariantFile,
  type StoredImage,
  type VariantFormat,
  variantFormats,
  widthsFor,
} from "~core/images";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { contentImages, contentImageVariants } from "../db/schema.server";
import { randomId } from "../ids.server";

/** One pipeline at a time per picture; no decoded pixels kept between uploads. */
sharp.cache(false);

export interface ProcessedVariant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  format: AcceptedImageFormat;
  width: number;
  height: number;
  original: Buffer;
  variants: ProcessedVariant[];
}

export type ImageRefusal = (typeof imageMessages)[keyof typeof imageMessages];

export type ProcessResult = { ok: true; image: ProcessedImage } | { ok: false; message: string };

/** The format `sharp` found, if it is one the shop takes; AVIF is read as HEIF with AV1. */
function acceptedFormat(metadata: Metadata): AcceptedImageFormat | null {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : null;
  return acceptedImageFormats.find((format) => format === metadata.format) ?? null;
}

const encoders = {
  jpeg: (image: Sharp) => image.jpeg({ quality: 88, mozjpeg: false }),
  png: (image: Sharp) => image.png({ compressionLevel: 6 }),
  webp: (image: Sharp) => image.webp({ quality: 80, effort: 2 }),
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 2 }),
} as const satisfies Record<AcceptedImageFormat, (image: Sharp) => Sharp>;

const readOptions = { limitInputPixels: maxImagePixels, failOn: "error" } as const;

/**
 * Reads an upload and makes what the store keeps, or says why it cannot. The header is read
 * first: a file that is no accepted image, or declares too many pixels, is refused before any
 * pixel is decoded. Whatever else a file carries (metadata, a second file appended) is left
 * behind, since only the decoded pixels are written out again.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessResult> {
  if (bytes.byteLength === 0) return { ok: false, message: imageMessages.notAnImage };
  if (bytes.byteLength > maxImageBytes) return { ok: false, message: imageMessages.tooLarge };
  let metadata: Metadata;
  try {
    // The header only: the pixel limit is checked below, with its own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: imageMessages.notAnImage };
  }
  const format = acceptedFormat(metadata);
  if (!format || !metadata.width || !metadata.height) {
    return { ok: false, message: imageMessages.notAnImage };
  }
  if (metadata.width * metadata.height > maxImagePixels) {
    return { ok: false, message: imageMessages.tooManyPixels };
  }
  try {
    // Turned upright by its orientation tag, which is then dropped with the rest of the metadata.
    const upright = sharp(bytes, readOptions).rotate();
    // The original is re-encoded (in strips, as it decodes) while the variants are made.
    const original = encoders[format](upright.clone()).toBuffer({ resolveWithObject: true });
    // The size once turned upright.
    const { width, height } = metadata.autoOrient;
    const widths = widthsFor(width);
    // The widest variant's pixels once; every variant is made from them.
    const widest = await upright
      .clone()
      .resize({ width: widths.at(-1) ?? width, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: widest.info.width, height: widest.info.height, channels: widest.info.channels },
    };
    // One width at a time, both formats at once: the two cores stay busy, the memory small.
    const variants: ProcessedVariant[] = [];
    for (const variantWidth of widths) {
      const resized = await sharp(widest.data, raw)
        .resize({ width: variantWidth })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = {
        raw: { ...raw.raw, width: resized.info.width, height: resized.info.height },
      };
      const encoded = await Promise.all(
        variantFormats.map(async (variantFormat) => {
          const out = await encoders[variantFormat](sharp(resized.data, pixels)).toBuffer({
            resolveWithObject: true,
          });
          return {
            format: variantFormat,
            width: out.info.width,
            height: out.info.height,
            bytes: out.data,
          };
        }),
      );
      variants.push(...encoded);
    }
    const { data } = await original;
    return { ok: true, image: { format, width, height, original: data, variants } };
  } catch {
    return { ok: false, message: imageMessages.notAnImage };
  }
}

/** The upload being processed in this instance: each may take some 300 MB at its peak. */
let processing: Promise<unknown> = Promise.resolve();

/** Runs `work` after the uploads before it in this instance, one at a time. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = processing.then(work, work);
  processing = next.catch(() => undefined);
  return next;
}

/** What an upload form sent: the file and its description. */
export interface ImageUpload {
  file: FormDataEntryValue | null;
  alt: FormDataEntryValue | null;
}

export type UploadResult =
  | { ok: true; imageId: number; image: StoredImage }
  | { ok: false; fieldErrors: { file?: string; alt?: string } };

function readAlt(value: FormDataEntryValue | null): { alt: string } | { error: string } {
  const alt = typeof value === "string" ? value.trim() : "";
  if (alt === "") return { error: imageMessages.altRequired };
  if (alt.length > maxAltLength) return { error: imageMessages.altTooLong };
  return { alt };
}

const etagOf = (bytes: Uint8Array) =>
  `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;

/** Reads, checks and stores an upload with its variants, with its audit row. */
export async function storeUploadedImage(
  db: Database,
  actor: AuditActor,
  upload: ImageUpload,
): Promise<UploadResult> {
  const alt = readAlt(upload.alt);
  const file = upload.file instanceof File && upload.file.size > 0 ? upload.file : null;
  if (!file || "error" in alt) {
    return {
      ok: false,
      fieldErrors: {
        ...(file ? {} : { file: imageMessages.noFile }),
        ...("error" in alt ? { alt: alt.error } : {}),
      },
    };
  }
  if (file.size > maxImageBytes)
    return { ok: false, fieldErrors: { file: imageMessages.tooLarge } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const processed = await oneAtATime(() => processImage(bytes));
  if (!processed.ok) return { ok: false, fieldErrors: { file: processed.message } };
  const { image } = processed;
  const key = randomId();
  const imageId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentImages)
      .values({
        key,
        alt: alt.alt,
        format: image.format,
        width: image.width,
        height: image.height,
        original: image.original,
        uploadedBy: actor.id,
      })
      .returning({ id: contentImages.id });
    if (!row) throw new Error("the image was not stored");
    await tx.insert(contentImageVariants).values(
      image.variants.map((variant) => ({
        imageId: row.id,
        format: variant.format,
        width: variant.width,
        height: variant.height,
        etag: etagOf(variant.bytes),
        bytes: variant.bytes,
      })),
    );
    await recordAudit(tx, actor, {
      action: "image.uploaded",
      subjectType: "image",
      subjectId: String(row.id),
      after: { key, alt: alt.alt, format: image.format, width: image.width, height: image.height },
    });
    return row.id;
  });
  const widths = [...new Set(image.variants.map((variant) => variant.width))].sort((a, b) => a - b);
  return {
    ok: true,
    imageId,
    image: { key, alt: alt.alt, width: image.width, height: image.height, widths },
  };
}

const imagesWithWidths = preparedPerDatabase((db) =>
  db
    .select({
      id: contentImages.id,
      key: contentImages.key,
      alt: contentImages.alt,
      width: contentImages.width,
      height: contentImages.height,
      widths: sql<
        number[]
      >`array(select distinct ${contentImageVariants.width} from ${contentImageVariants} where ${contentImageVariants.imageId} = ${contentImages.id} order by 1)`,
    })
    .from(contentImages)
    .where(sql`${contentImages.id} = any(${sql.placeholder("ids")}::integer[])`)
    .prepare("stored_images"),
);

/**
 * The pictures with these ids, as pages show them, in one prepared statement: the catalog asks
 * on every request that shows an item with a photo.
 */
export async function storedImages(
  db: Database,
  ids: ReadonlyArray<number | null>,
): Promise<Map<number, StoredImage>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await imagesWithWidths(db).execute({ ids: wanted });
  return new Map(rows.map(({ id, ...image }) => [id, image]));
}

export async function storedImage(db: Database, id: number | null): Promise<StoredImage | null> {
  if (id === null) return null;
  return (await storedImages(db, [id])).get(id) ?? null;
}

const immutable = "public, max-age=31536000, immutable";

/**
 * `/media/:key/:file`: a variant with a year's immutable caching and its ETag; 304 when the
 * browser already has it; 404 for anything the store does not hold.
 */
export async function imageVariantResponse(
  db: Database,
  key: string,
  file: string,
  ifNoneMatch: string | null,
): Promise<Response> {
  const variant = parseVariantFile(file);
  const missing = () =>
    new Response("There is no such image", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!variant || !isImageKey(key)) return missing();
  const [row] = await db
    .select({ etag: contentImageVariants.etag, bytes: contentImageVariants.bytes })
    .from(contentImageVariants)
    .innerJoin(contentImages, eq(contentImages.id, contentImageVariants.imageId))
    .where(
      and(
        eq(contentImages.key, key),
        eq(contentImageVariants.format, variant.format),
        eq(contentImageVariants.width, variant.width),
      ),
    )
    .limit(1);
  if (!row) return missing();
  const headers = { "Cache-Control": immutable, ETag: row.etag };
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === row.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(row.bytes), {
    headers: {
      ...headers,
      "Content-Type": `image/${variant.format}`,
      "Content-Length": String(row.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
