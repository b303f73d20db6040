export interface SceneImage {
  src: string;
  /** Empty when the picture only decorates. */
  alt: string;
  width: number;
  height: number;
}

/**
 * An illustration with its intrinsic size, so the page never shifts while it loads. `priority`
 * for the picture at the top of a page, `lazy` for those further down.
 */
export function Illustration({
  image,
  load,
  className,
}: {
  image: SceneImage;
  load: "priority" | "eager" | "lazy";
  className: string;
}) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={load === "lazy" ? "lazy" : "eager"}
      fetchPriority={load === "priority" ? "high" : undefined}
      className={className}
    />
  );
}
