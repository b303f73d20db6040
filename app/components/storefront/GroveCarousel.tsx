import { Carousel, type Slide } from "./Carousel";

/** The home page's carousel of the estate's claims. */
const groveSlides: Slide[] = [
  {
    eyebrow: "Gold medals",
    title: "Grown without pesticides",
    body: "Our oil has won gold medals. The grove is farmed without pesticides, and every worker on the estate shares in the profits.",
    image: { src: "/images/scenes/harvest.svg", width: 1200, height: 800 },
  },
  {
    eyebrow: "Only the latest harvest",
    title: "Never older than 18 months",
    body: "We sell oil from the latest harvest only. Private Reserve is pressed within one hour of picking, Luxe within 24 hours.",
    image: { src: "/images/scenes/mill.svg", width: 1200, height: 800 },
  },
  {
    eyebrow: "A 400 acre farm",
    title: "From the Dardanelles to your table",
    body: "Our 400 acres look across the strait toward ancient Troy. With a smoke point of 405°F, the oil belongs in the pan as much as on the plate.",
    image: { src: "/images/scenes/table.svg", width: 1200, height: 800 },
  },
];

export function GroveCarousel() {
  return <Carousel label="Why our oil" slides={groveSlides} />;
}
