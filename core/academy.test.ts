import { describe, expect, it } from "vitest";
import { academyArticleHasDifference, academyArticles, countInWords } from "./academy";

describe("the academy's articles", () => {
  it("count their cards in words up to twelve, in digits beyond", () => {
    expect(countInWords(6)).toBe("six");
    expect(countInWords(12)).toBe("twelve");
    expect(countInWords(13)).toBe("13");
  });

  it("say for each article whether its cards carry the Difference note", () => {
    expect(Object.keys(academyArticleHasDifference).sort()).toEqual([...academyArticles].sort());
    expect(academyArticleHasDifference["choosing-olive-oil"]).toBe(true);
  });
});
