import type { SectionImage } from "./SplitSection";

const scene = (name: string, alt: string): SectionImage => ({
  src: `/images/scenes/${name}.svg`,
  alt,
  width: 1200,
  height: 800,
});

/** The estate's illustrated scenes (1200 × 800) and what each shows. */
export const scenes = {
  founders: scene("founders", "The founders standing arm in arm between olive trees"),
  harvest: scene("harvest", "Hands pouring freshly picked olives into a basket"),
  mill: scene("mill", "Golden oil streaming from the press in our mill"),
  table: scene("table", "A family dinner table with a bottle of our oil"),
  tasting: scene(
    "tasting",
    "Three small dishes of olive oil in different shades of gold, with bread",
  ),
};
