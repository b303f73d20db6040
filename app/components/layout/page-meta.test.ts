import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

const root = {
  id: "root",
  pathname: "/",
  loaderData: { brand: { name: "Troia Grove" }, publicUrl: "https://troiagrove.example" },
};

function matchesFor(pathname: string) {
  return [root, { id: "routes/academy.recipe", pathname, loaderData: null }];
}

function contentOf(tags: MetaDescriptor[], key: "name" | "property", value: string) {
  const tag = tags.find((candidate) => (candidate as Record<string, unknown>)[key] === value);
  return (tag as { content?: string } | undefined)?.content;
}

describe("pageMeta", () => {
  it("prefixes the title with the brand and adds the description", () => {
    const tags = pageMeta(matchesFor("/academy"), { title: "Academy", description: "Learn." });
    expect(tags[0]).toEqual({ title: "Troia Grove | Academy" });
    expect(contentOf(tags, "name", "description")).toBe("Learn.");
  });

  it("gives the canonical URL from the public address, without a trailing slash", () => {
    const tags = pageMeta(matchesFor("/academy/recipes/"), { title: "Recipes" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://troiagrove.example/academy/recipes",
    });
    expect(contentOf(tags, "property", "og:url")).toBe(
      "https://troiagrove.example/academy/recipes",
    );
  });

  it("adds Open Graph and Twitter card tags with the default share image", () => {
    const tags = pageMeta(matchesFor("/"), { title: "Home", description: "Olive oil." });
    expect(contentOf(tags, "property", "og:title")).toBe("Troia Grove | Home");
    expect(contentOf(tags, "property", "og:description")).toBe("Olive oil.");
    expect(contentOf(tags, "property", "og:type")).toBe("website");
    expect(contentOf(tags, "property", "og:site_name")).toBe("Troia Grove");
    expect(contentOf(tags, "property", "og:image")).toBe(
      "https://troiagrove.example/images/brand/share-card.png",
    );
    expect(contentOf(tags, "name", "twitter:card")).toBe("summary_large_image");
    expect(contentOf(tags, "name", "twitter:description")).toBe("Olive oil.");
  });

  it("lets a page choose its type and ask to stay out of search results", () => {
    const tags = pageMeta(matchesFor("/recipes-redirect"), {
      title: "Redirect",
      type: "article",
      noIndex: true,
    });
    expect(contentOf(tags, "property", "og:type")).toBe("article");
    expect(contentOf(tags, "name", "robots")).toBe("noindex");
  });

  it("still gives the title when the root data is missing (an error page)", () => {
    const tags = pageMeta([undefined], { title: "Error" });
    expect(tags).toEqual([{ title: "Troia Grove | Error" }]);
  });
});
