/** Uploaded pictures: what the shop accepts, the widths it keeps, and the addresses it serves. */

/** What an upload may weigh. */
export const maxImageBytes = 10 * 1024 * 1024;

/**
 * The largest picture decoded, in pixels: a 40-megapixel camera's frames pass; a small file
 * that declares enormous dimensions is refused before its pixels are ever decoded.
 */
export const maxImagePixels = 40_000_000;

/** The formats an upload may be in, as `sharp` names them once it has read the file. */
export const acceptedImageFormats = ["jpeg", "png", "webp", "avif"] as const;
export type AcceptedImageFormat = (typeof acceptedImageFormats)[number];

/** What a picture is served as at each width. */
export const variantFormats = ["avif", "webp"] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** The widths kept of every picture (those narrower than the original). */
export const variantWidths = [400, 800, 1200, 1600] as const;

/** The `accept` of an upload field: the formats above by their media types. */
export const imageAccept = "image/jpeg,image/png,image/webp,image/avif";

export const imageMessages = {
  notAnImage: "This file is not an image we can use",
  tooLarge: "This image is larger than 10 MB",
  tooManyPixels: "This image is too large: please send one of at most 40 megapixels",
  noFile: "Please choose an image",
  altRequired: "Please describe the image for people who cannot see it",
  altTooLong: "Please describe the image in at most 200 characters",
} as const;

export const maxAltLength = 200;

/** A stored picture as pages show it. */
export interface StoredImage {
  /** The picture's address part: random, never reused, so every address serves one content. */
  key: string;
  alt: string;
  width: number;
  height: number;
  /** The widths its variants exist at, narrowest first. */
  widths: number[];
}

/** The widths kept of a picture `width` pixels wide: the standard ones below it, or its own. */
export function widthsFor(width: number): number[] {
  const below = variantWidths.filter((each) => each < width);
  return below.length === variantWidths.length ? below : [...below, width];
}

export function imageVariantPath(key: string, width: number, format: VariantFormat): string {
  return `/media/${key}/${width}.${format}`;
}

export function imageSrcSet(image: StoredImage, format: VariantFormat): string {
  return image.widths
    .map((width) => `${imageVariantPath(image.key, width, format)} ${width}w`)
    .join(", ");
}

/** The largest WebP: the fallback `src` and what structured data links to. */
export function largestImagePath(image: StoredImage): string {
  return imageVariantPath(image.key, image.widths.at(-1) ?? image.width, "webp");
}

const variantFile = /^(\d{1,5})\.(avif|webp)$/;

/** The width and format an address's file part names, or null. */
export function parseVariantFile(file: string): { width: number; format: VariantFormat } | null {
  const match = variantFile.exec(file);
  if (!match?.[1] || !match[2]) return null;
  const format = variantFormats.find((each) => each === match[2]);
  return format ? { width: Number(match[1]), format } : null;
}

const imageKeyPattern = /^[A-Za-z0-9_-]{16,64}$/;

export function isImageKey(value: string): boolean {
  return imageKeyPattern.test(value);
}
