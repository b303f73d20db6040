import { useId } from "react";
import { Link } from "react-router";
import { Illustration, type SceneImage } from "./Illustration";

/** A closing banner: a scene, a title, a line of text and one call to action. */
export function ImageBanner({
  title,
  body,
  action,
  image,
}: {
  title: string;
  body: string;
  action: { label: string; to: string };
  image: SceneImage;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="container-page py-16">
      <div className="grid overflow-hidden rounded-3xl bg-olive-900 text-cream md:grid-cols-2">
        <Illustration
          image={image}
          load="lazy"
          className="aspect-[3/2] size-full object-cover md:aspect-auto"
        />
        <div className="flex flex-col items-start justify-center gap-5 p-8 sm:p-12">
          <h2 id={headingId} className="text-3xl text-cream sm:text-4xl">
            {title}
          </h2>
          <p className="max-w-md text-lg leading-relaxed text-cream/85">{body}</p>
          <Link to={action.to} className="btn-gold">
            {action.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
