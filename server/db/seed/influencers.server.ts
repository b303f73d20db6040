import type { InfluencerSeed } from "./types.server";

export const demoInfluencers: InfluencerSeed[] = [
  {
    slug: "maria-papadopoulos",
    firstName: "Maria",
    lastName: "Papadopoulos",
    title: "Chef and owner of Thyme & Salt, Oakland",
    imageFileName: "maria-papadopoulos.svg",
    heroQuote: "The oil is the first thing I taste in a dish, and the last thing I add to it.",
    storyQuote:
      "I grew up in my grandmother's kitchen on Lesvos, across the water from the Troia Grove " +
      "estate. When I opened my restaurant I looked for an oil that tasted like those summers: " +
      "green, peppery, alive. This is the one I pour at home and at the pass.",
    couponCode: "MARIA15",
  },
  {
    slug: "james-carter",
    firstName: "James",
    lastName: "Carter",
    title: "Home cook and host of the Sunday Supper podcast",
    imageFileName: "james-carter.svg",
    heroQuote: "Good oil turns a Tuesday dinner into something you remember.",
    storyQuote:
      "I cook for a family of five on a weeknight budget. A bottle of real extra virgin olive " +
      "oil is the cheapest way I know to make simple food taste like I tried hard. My listeners " +
      "asked what I use, so I asked the grove for a deal for them.",
    couponCode: "CARTER10",
  },
  {
    slug: "aylin-demir",
    firstName: "Aylin",
    lastName: "Demir",
    title: "Food writer and author of Aegean Table",
    imageFileName: "aylin-demir.svg",
    heroQuote: "Olive oil is the Aegean's oldest story, and it is still being written.",
    storyQuote:
      "My family comes from Çanakkale, a short drive from the grove. I have watched the harvest " +
      "there since I was a child. I write about food that is honest about where it comes from, " +
      "and this oil is exactly that.",
    couponCode: "AYLIN5",
  },
];
