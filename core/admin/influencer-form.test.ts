import { describe, expect, it } from "vitest";
import { uniqueSlug } from "../recipes";
import {
  canEditInfluencerPage,
  canPutInfluencerPageUp,
  emptyNewInfluencerForm,
  influencerFormMessages,
  influencerPageStatus,
  influencerSlugOf,
  influencerSlugRule,
  readNewInfluencerForm,
} from "./influencer-form";

const typed = {
  ...emptyNewInfluencerForm,
  firstName: " Zoë ",
  lastName: "Ó Briain",
  title: "Baker",
  heroQuote: "Bread wants oil.",
  storyQuote: "Every loaf starts here.",
  couponCode: "take5",
};

describe("a new influencer page's form", () => {
  it("makes the address from the name when none is typed", () => {
    expect(readNewInfluencerForm(typed)).toEqual({
      ok: true,
      slug: null,
      input: expect.objectContaining({ firstName: "Zoë", couponCode: "TAKE5", active: false }),
    });
    expect(influencerSlugOf({ firstName: "Zoë", lastName: "Ó Briain" })).toBe("zoe-o-briain");
    expect(influencerSlugOf({ firstName: "Μαρία", lastName: "Ζ" })).toBe("friend");
  });

  it("takes a typed address in lower case, and refuses one that is not an address", () => {
    expect(readNewInfluencerForm({ ...typed, slug: " Zoe-Bakes " })).toMatchObject({
      ok: true,
      slug: "zoe-bakes",
    });
    for (const slug of ["zoe bakes", "zoe--bakes", "../admin", "a".repeat(101)]) {
      expect(readNewInfluencerForm({ ...typed, slug })).toEqual({
        ok: false,
        fieldErrors: { slug: influencerFormMessages.slug },
      });
    }
  });

  it("names every field to correct at once", () => {
    expect(readNewInfluencerForm({ ...typed, firstName: "", slug: "Not An Address" })).toEqual({
      ok: false,
      fieldErrors: {
        firstName: influencerFormMessages.text(60),
        slug: influencerFormMessages.slug,
      },
    });
  });

  it("keeps a derived address within the limit, suffix included", () => {
    const long = influencerSlugOf({ firstName: "a".repeat(60), lastName: "b".repeat(60) });
    expect(long.length).toBeLessThanOrEqual(influencerSlugRule.maxLength);
    const next = uniqueSlug(long, new Set([long]), influencerSlugRule);
    expect(next).toMatch(/-2$/);
    expect(next.length).toBeLessThanOrEqual(influencerSlugRule.maxLength);
  });
});

describe("who changes an influencer page", () => {
  it("lets staff prepare a draft, and leaves a page that has been up to the owner", () => {
    expect(canEditInfluencerPage("staff", { launched: false })).toBe(true);
    expect(canEditInfluencerPage("staff", { launched: true })).toBe(false);
    expect(canEditInfluencerPage("owner", { launched: true })).toBe(true);
    expect(canPutInfluencerPageUp("staff")).toBe(false);
    expect(canPutInfluencerPageUp("owner")).toBe(true);
  });

  it("says where a page stands", () => {
    expect(influencerPageStatus({ active: false, launched: false })).toBe("Draft");
    expect(influencerPageStatus({ active: true, launched: true })).toBe("Active");
    expect(influencerPageStatus({ active: false, launched: true })).toBe("Taken down");
  });
});
