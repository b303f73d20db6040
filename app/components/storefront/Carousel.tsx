import { useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "../forms/use-hydrated";
import type { BannerImage } from "./ImageBanner";
import { LineIcon } from "./media";

export const carouselIntervalMs = 5000;

export interface Slide {
  eyebrow: string;
  title: string;
  body: string;
  image: BannerImage;
}

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

function ArrowButton({
  direction,
  onClick,
  disabled,
}: {
  direction: "previous" | "next";
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex size-11 items-center justify-center rounded-full border border-olive-500 text-olive-900 hover:bg-olive-100"
    >
      <span className="sr-only">{direction === "previous" ? "Previous slide" : "Next slide"}</span>
      <LineIcon
        path={direction === "previous" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        className="size-5"
        strokeWidth={2}
      />
    </button>
  );
}

/**
 * Slides that move on every 5000 ms. They stop while the pointer or focus is inside, when the
 * shopper pauses them, and never move at all for those who prefer reduced motion. Until the
 * page's scripts run, the first slide stands and the controls are disabled.
 */
export function Carousel({ label, slides }: { label: string; slides: readonly Slide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const controlsDisabled = !useHydrated();
  const rotating = !paused && !engaged && !reducedMotion;
  const show = (next: number) => setIndex((next + slides.length) % slides.length);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new slide gets its full 5000 ms
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(
      () => setIndex((current) => (current + 1) % slides.length),
      carouselIntervalMs,
    );
    return () => clearTimeout(timer);
  }, [rotating, index, slides.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="container-page py-20"
      onPointerEnter={() => setEngaged(true)}
      onPointerLeave={() => setEngaged(false)}
      onFocus={() => setEngaged(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setEngaged(false);
      }}
    >
      <div aria-live={rotating ? "off" : "polite"} className="grid">
        {slides.map((slide, position) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a group per slide
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${slides.length}`}
            inert={position !== index}
            className={`col-start-1 row-start-1 grid items-center gap-8 transition-opacity duration-700 md:grid-cols-2 ${
              position === index ? "opacity-100" : "opacity-0"
            }`}
          >
            <img
              src={slide.image.src}
              alt=""
              width={slide.image.width}
              height={slide.image.height}
              loading="lazy"
              className="w-full rounded-3xl shadow-lg"
            />
            <div className="space-y-4">
              <p className="eyebrow">{slide.eyebrow}</p>
              <h2 className="text-3xl sm:text-4xl">{slide.title}</h2>
              <p className="text-lg leading-relaxed text-olive-900">{slide.body}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-8 flex items-center justify-center gap-1 sm:gap-2">
        <ArrowButton
          direction="previous"
          onClick={() => show(index - 1)}
          disabled={controlsDisabled}
        />
        {slides.map((slide, position) => (
          <button
            key={slide.title}
            type="button"
            aria-current={position === index ? "true" : undefined}
            onClick={() => show(position)}
            disabled={controlsDisabled}
            className="group flex h-11 w-8 items-center justify-center"
          >
            <span className="sr-only">{`Slide ${position + 1}: ${slide.title}`}</span>
            <span
              aria-hidden="true"
              className={`size-2.5 rounded-full transition-colors ${
                position === index ? "bg-olive-900" : "bg-olive-500/50 group-hover:bg-olive-500"
              }`}
            />
          </button>
        ))}
        <ArrowButton direction="next" onClick={() => show(index + 1)} disabled={controlsDisabled} />
        {reducedMotion ? null : (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            disabled={controlsDisabled}
            className="ml-1 inline-flex min-h-11 items-center rounded-full px-3 whitespace-nowrap text-sm font-semibold text-olive-900 underline-offset-4 hover:underline"
          >
            {paused ? "Play slides" : "Pause slides"}
          </button>
        )}
      </div>
    </section>
  );
}
