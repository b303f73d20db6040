/** The academy's articles, each a list of sections the owner edits. */

export const academyArticles = ["health-benefits", "choosing-olive-oil"] as const;
export type AcademyArticle = (typeof academyArticles)[number];

export const academyArticleLabels = {
  "health-benefits": "Health benefits",
  "choosing-olive-oil": "Choosing olive oil",
} as const satisfies Record<AcademyArticle, string>;

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
