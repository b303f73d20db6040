import type { ReactNode } from "react";
import { Illustration, type SceneImage } from "./Illustration";

/** The opening of an academy page: eyebrow, title, introduction and a scene beside them. */
export function AcademyHeader({
  eyebrow,
  title,
  children,
  image,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
  image: SceneImage;
}) {
  return (
    <header className="bg-parchment">
      <div className="container-page grid items-center gap-10 py-14 md:grid-cols-[1.1fr_1fr] md:py-20">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-4 text-4xl leading-tight sm:text-5xl">{title}</h1>
          <div className="mt-6 max-w-prose space-y-4 text-lg leading-relaxed text-ink/85">
            {children}
          </div>
        </div>
        <Illustration
          image={image}
          load="priority"
          className="aspect-[3/2] w-full rounded-3xl object-cover shadow-lg shadow-olive-950/10"
        />
      </div>
    </header>
  );
}
