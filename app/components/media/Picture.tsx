import { preload } from "react-dom";
import {
  imageSrcSet,
  imageVariantPath,
  largestImagePath,
  type StoredImage,
  variantFormats,
} from "~core/images";

/**
 * An uploaded picture: AVIF, then WebP, each at every width it was stored at, for the browser
 * to pick by `sizes`; its intrinsic size keeps the page from shifting while it loads. A priority
 * picture (the one the page opens with) is also announced in the head, so that the browser asks
 * for it before the page's scripts rather than after them.
 */
export function Picture({
  image,
  sizes,
  load,
  className,
  alt = image.alt,
}: {
  image: StoredImage;
  /** How wide the picture is laid out, as the `sizes` attribute says it. */
  sizes: string;
  load: "priority" | "eager" | "lazy";
  className: string;
  /** Empty where the picture only repeats what is written beside it. */
  alt?: string;
}) {
  if (load === "priority") {
    const widest = image.widths.at(-1) ?? image.width;
    preload(imageVariantPath(image.key, widest, "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: imageSrcSet(image, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      {variantFormats.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={imageSrcSet(image, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={largestImagePath(image)}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={load === "lazy" ? "lazy" : "eager"}
        fetchPriority={load === "priority" ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
