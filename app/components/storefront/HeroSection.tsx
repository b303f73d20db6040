import { type ReactNode, useId } from "react";

/**
 * How a hero's art meets its text. A `backdrop` (a landscape) may be cropped and runs under
 * the text at every width. A `subject` (a gift box, a laid table) must be seen whole: on
 * screens narrower than `lg` it stands under the text, uncropped; wider, it is the backdrop.
 */
export type HeroArt = "backdrop" | "subject";

/**
 * A full-bleed picture with the page's title over it. From `lg` on the text keeps to the left
 * half, over a shade dark enough for cream text on any colour of the art (white included);
 * the art shows through on the right.
 */
export function HeroSection({
  image,
  eyebrow,
  title,
  art = "backdrop",
  tall = false,
  children,
}: {
  /** A scene under /images/scenes, drawn at 16:9; decorative. */
  image: string;
  eyebrow: string;
  title: string;
  art?: HeroArt;
  /** Almost the whole first screen, for a page under a transparent navbar. */
  tall?: boolean;
  children: ReactNode;
}) {
  const subject = art === "subject";
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`relative isolate flex flex-col overflow-hidden bg-olive-950 text-cream ${
        tall ? "min-h-[88svh] justify-end" : ""
      }`}
    >
      <img
        src={image}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className={
          subject
            ? "order-last aspect-video w-full object-cover lg:absolute lg:inset-0 lg:-z-10 lg:aspect-auto lg:size-full"
            : "absolute inset-0 -z-10 size-full object-cover"
        }
      />
      {/* From lg on, at least 85% of olive-950 under the text's half: cream text reads at 7:1
          even over white art. */}
      <div
        className={`absolute inset-0 -z-10 bg-gradient-to-r from-olive-950/90 via-olive-950/60 to-olive-950/30 lg:via-olive-950/85 lg:via-50% lg:to-olive-950/0 lg:to-80% ${
          subject ? "hidden lg:block" : ""
        }`}
      />
      <div
        className={`container-page ${
          tall ? "pt-32 pb-20 sm:pb-28" : subject ? "py-16 sm:py-20 lg:py-36" : "py-28 sm:py-36"
        }`}
      >
        <div className="lg:w-1/2 lg:pr-8">
          <p className="eyebrow text-gold-200">{eyebrow}</p>
          <h1
            id={titleId}
            className="mt-4 text-5xl leading-tight text-cream sm:text-7xl lg:text-6xl xl:text-7xl"
          >
            {title}
          </h1>
          <div className="mt-6 max-w-lg space-y-10 text-lg text-cream/85">{children}</div>
        </div>
      </div>
    </section>
  );
}
