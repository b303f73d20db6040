import type { SceneImage } from "./Illustration";

const landscape = { width: 1200, height: 800 } as const;

/** The estate's illustrations the academy uses, each with its text alternative. */
export const scenes = {
  harvest: {
    src: "/images/scenes/harvest.svg",
    alt: "A basket of freshly picked olives under an old olive tree",
    ...landscape,
  },
  mill: {
    src: "/images/scenes/mill.svg",
    alt: "The mill on the estate, where olives are pressed into oil",
    ...landscape,
  },
  table: {
    src: "/images/scenes/table.svg",
    alt: "A long table set with plates, bread and a bottle of olive oil",
    ...landscape,
  },
  tasting: {
    src: "/images/scenes/tasting.svg",
    alt: "Three small bowls of olive oil set out for a tasting",
    ...landscape,
  },
  founders: {
    src: "/images/scenes/founders.svg",
    alt: "The founders standing between two olive trees on the estate",
    ...landscape,
  },
  academyHero: {
    src: "/images/scenes/academy-hero.svg",
    alt: "",
    width: 1600,
    height: 900,
  },
  groveAtDusk: {
    src: "/images/scenes/hero-grove.svg",
    alt: "Our olive grove at dusk, above the Dardanelles",
    width: 1600,
    height: 900,
  },
} satisfies Record<string, SceneImage>;
