import type { Locator } from "@playwright/test";

/** Hides every glyph, so that a screenshot shows only what lies behind the text. */
const textHidden =
  "*, *::before, *::after { color: transparent !important; text-shadow: none !important; }";

/**
 * The lowest contrast ratio (WCAG) between `text`'s colour and any pixel of the art behind its
 * box. axe cannot measure text over a picture; this measures the picture itself, captured with
 * the text hidden, so a light band anywhere behind the text shows.
 */
export async function lowestContrastOverArt(text: Locator): Promise<number> {
  const backdrop = await text.screenshot({ style: textHidden, animations: "disabled" });
  return text.evaluate(async (element, png) => {
    const bitmap = await createImageBitmap(
      new Blob([Uint8Array.from(atob(png), (char) => char.charCodeAt(0))], { type: "image/png" }),
    );
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("No 2D canvas");
    // The text's colour in sRGB bytes, whatever syntax the stylesheet wrote it in.
    context.fillStyle = getComputedStyle(element).color;
    context.clearRect(0, 0, 1, 1);
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue, alpha] = context.getImageData(0, 0, 1, 1).data;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;

    const channel = (value: number) => {
      const unit = value / 255;
      return unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (r: number, g: number, b: number) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const opacity = (alpha ?? 255) / 255;
    const over = (text: number, art: number) => text * opacity + art * (1 - opacity);

    let lowest = Number.POSITIVE_INFINITY;
    for (let index = 0; index < pixels.length; index += 4) {
      const [r, g, b] = [pixels[index] ?? 0, pixels[index + 1] ?? 0, pixels[index + 2] ?? 0];
      const art = luminance(r, g, b);
      const glyph = luminance(over(red ?? 0, r), over(green ?? 0, g), over(blue ?? 0, b));
      const ratio = (Math.max(art, glyph) + 0.05) / (Math.min(art, glyph) + 0.05);
      lowest = Math.min(lowest, ratio);
    }
    return lowest;
  }, backdrop.toString("base64"));
}
