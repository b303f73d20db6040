import { Link } from "react-router";

export interface BannerImage {
  src: string;
  width: number;
  height: number;
}

const tones = {
  dark: {
    panel: "bg-olive-900",
    eyebrow: "text-gold-200",
    title: "text-cream",
    body: "text-cream/85",
    cta: "btn-gold",
  },
  light: {
    panel: "bg-parchment",
    eyebrow: "",
    title: "",
    body: "text-olive-900",
    cta: "btn-primary",
  },
};

export interface Banner {
  eyebrow: string;
  title: string;
  body: string;
  cta: { label: string; to: string };
  image: BannerImage;
  /** Dark olive with the picture on the left, or light parchment with it on the right. */
  tone: keyof typeof tones;
}

/** The banners the shop pages lead to other parts of the shop with. */
export const banners = {
  academy: {
    eyebrow: "The Olive Oil Academy",
    title: "Learn what makes olive oil extraordinary",
    body: "What research says about your health, how to choose a great extra virgin olive oil, and recipes from our kitchen.",
    cta: { label: "Visit the Academy", to: "/academy" },
    image: { src: "/images/scenes/academy-hero.svg", width: 1600, height: 900 },
    tone: "dark",
  },
  ourStory: {
    eyebrow: "Our Story",
    title: "One family, one grove",
    body: "Meet the family behind the oil, and the 400 acres above the Dardanelles where it grows.",
    cta: { label: "Read our story", to: "/our-story" },
    image: { src: "/images/scenes/founders.svg", width: 1200, height: 800 },
    tone: "light",
  },
} satisfies Record<string, Banner>;

/** A banner with a picture, a title, a few words and a link. */
export function ImageBanner({ banner }: { banner: Banner }) {
  const { eyebrow, title, body, cta, image, tone } = banner;
  const style = tones[tone];
  return (
    <section className="container-page py-12">
      <div
        className={`grid items-center overflow-hidden rounded-3xl ring-1 ring-olive-200 md:grid-cols-2 ${style.panel}`}
      >
        <img
          src={image.src}
          alt=""
          width={image.width}
          height={image.height}
          loading="lazy"
          className={`h-56 w-full object-cover md:h-full ${tone === "light" ? "md:order-last" : ""}`}
        />
        <div className="space-y-4 p-8 sm:p-12">
          <p className={`eyebrow ${style.eyebrow}`}>{eyebrow}</p>
          <h2 className={`text-3xl sm:text-4xl ${style.title}`}>{title}</h2>
          <p className={`text-lg leading-relaxed ${style.body}`}>{body}</p>
          <Link to={cta.to} className={style.cta}>
            {cta.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
