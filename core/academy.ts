/** The academy's articles, each a list of sections the owner edits. */

export const academyArticles = ["health-benefits", "choosing-olive-oil"] as const;
export type AcademyArticle = (typeof academyArticles)[number];

export const academyArticleLabels = {
  "health-benefits": "Health benefits",
  "choosing-olive-oil": "Choosing olive oil",
} as const satisfies Record<AcademyArticle, string>;

/** Whether an article's cards carry the shop's '{brand} Difference' note (then required). */
export const academyArticleHasDifference = {
  "health-benefits": false,
  "choosing-olive-oil": true,
} as const satisfies Record<AcademyArticle, boolean>;

export function isAcademyArticle(value: string): value is AcademyArticle {
  return Object.hasOwn(academyArticleLabels, value);
}

/** A study a section cites: the link reads as its citation. */
export interface AcademyStudy {
  /** Authors, journal and year. */
  citation: string;
  /** The article's address (a DOI link opens the journal's own page). */
  url: string;
}

/** A card of an article: a health benefit, or a criterion with its '{brand} Difference'. */
export interface AcademySection {
  id: number;
  /** A stable name within the article, used in the page's ids. */
  key: string;
  title: string;
  text: string;
  /** How the shop meets a criterion (choosing olive oil only). */
  difference: string | null;
  study: AcademyStudy | null;
}

export const academyTextLimits = { title: 80, text: 600, difference: 300, citation: 160 } as const;

/** A section's key: the words of its title, unique within its article (`-2`, `-3`… when taken). */
export const academyKeyRule = { maxLength: 60, fallback: "section" } as const;

export const academyMoves = ["up", "down"] as const;
export type AcademyMove = (typeof academyMoves)[number];

const smallCounts = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
] as const;

/** How many cards an article has, as its introduction says it: 'six', '13'. */
export function countInWords(count: number): string {
  return smallCounts[count] ?? String(count);
}
