import type { ItemId } from "~core/catalog";
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

/** The illustration of a catalog item: a bottle, a set or a membership, drawn at 3:4. */
export function ItemImage({
  itemId,
  className,
  alt = "",
}: {
  itemId: ItemId;
  className: string;
  alt?: string;
}) {
  return (
    <img
      src={useCatalog()[itemId].image}
      alt={alt}
      width={300}
      height={400}
      loading="lazy"
      className={className}
    />
  );
}
