import type { ReactNode } from "react";

/** A full-bleed picture with a dark gradient, and the page's title over it. */
export function HeroSection({
  image,
  eyebrow,
  title,
  tall = false,
  children,
}: {
  /** A scene under /images/scenes, drawn at 16:9; decorative. */
  image: string;
  eyebrow: string;
  title: string;
  /** Almost the whole first screen, for a page under a transparent navbar. */
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`relative isolate overflow-hidden bg-olive-950 text-cream ${
        tall ? "flex min-h-[88svh] items-end" : ""
      }`}
    >
      <img
        src={image}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-olive-950/90 via-olive-950/55 to-olive-950/10" />
      <div className={`container-page ${tall ? "pt-32 pb-20 sm:pb-28" : "py-28 sm:py-36"}`}>
        <p className="eyebrow text-gold-200">{eyebrow}</p>
        <h1 className="mt-4 max-w-2xl text-5xl leading-tight text-cream sm:text-7xl">{title}</h1>
        <div className="mt-6 max-w-lg space-y-10 text-lg text-cream/85">{children}</div>
      </div>
    </section>
  );
}
