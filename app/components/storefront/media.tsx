import type { CatalogItem, ItemId } from "~core/catalog";
import { Picture } from "../media/Picture";
import { useCatalog } from "./catalog";

/** A line icon drawn on a 24×24 grid, in the text colour. */
export function LineIcon({
  path,
  className = "size-6",
  strokeWidth = 1.8,
}: {
  path: string;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      <path d={path} />
    </svg>
  );
}

/**
 * A catalog item's picture, drawn at 3:4: the owner's photo when it has one (AVIF or WebP at the
 * width `sizes` asks for, with the owner's alt text), its illustration otherwise.
 */
export function ItemPicture({
  item,
  className,
  sizes,
  alt = "",
}: {
  item: Pick<CatalogItem, "image" | "photo">;
  /** The size of the picture's box; a photo is cut to 3:4 to fill it as the illustration does. */
  className: string;
  /** How wide the box is laid out, as the `sizes` attribute says it. */
  sizes: string;
  /** The illustration's alt text: empty where it only repeats the name beside it. */
  alt?: string;
}) {
  if (item.photo) {
    return (
      <Picture
        image={item.photo}
        sizes={sizes}
        load="lazy"
        className={`${className} aspect-[3/4] object-cover`}
      />
    );
  }
  return (
    <img src={item.image} alt={alt} width={300} height={400} loading="lazy" className={className} />
  );
}

/** The picture of an item of the catalog the page was rendered with. */
export function ItemImage({
  itemId,
  ...picture
}: { itemId: ItemId } & Omit<Parameters<typeof ItemPicture>[0], "item">) {
  return <ItemPicture item={useCatalog()[itemId]} {...picture} />;
}
