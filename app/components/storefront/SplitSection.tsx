import type { ReactNode } from "react";

export interface SectionImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** A picture beside a block of text; on a phone the picture comes first. */
export function SplitSection({
  image,
  labelledBy,
  shaded = false,
  imageLast = false,
  priority = false,
  children,
}: {
  image: SectionImage;
  labelledBy?: string;
  /** On parchment rather than cream. */
  shaded?: boolean;
  imageLast?: boolean;
  /** The picture is the page's first: fetch it at once. */
  priority?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={labelledBy} className={shaded ? "bg-parchment" : ""}>
      <div className="container-page grid items-center gap-10 py-16 md:grid-cols-2 md:py-20">
        <img
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading={priority ? undefined : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          className={`w-full rounded-3xl shadow-lg ${imageLast ? "md:order-last" : ""}`}
        />
        <div className="space-y-5">{children}</div>
      </div>
    </section>
  );
}
