import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "~core/structured-data";

interface MatchLike {
  id: string;
  pathname: string;
  loaderData: unknown;
}

/** The picture a link preview shows; a path under `public/`. */
export interface ShareImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageInfo {
  title: string;
  description?: string;
  /** The link-preview picture; the grove at dusk when unset. */
  image?: ShareImage;
  /** `article` for a piece of writing such as a recipe; `website` otherwise. */
  type?: "website" | "article";
  /** Keeps the page out of search results (a redirect page, a not-found state). */
  noIndex?: boolean;
}

const defaultShareImage: ShareImage = {
  path: "/images/brand/share-card.png",
  width: 1200,
  height: 630,
  alt: "Olive trees on the hills above the Dardanelles at dusk",
};

interface RootFacts {
  brandName: string;
  publicUrl: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function rootFactsOf(matches: ReadonlyArray<MatchLike | undefined>): RootFacts {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  const brand = isRecord(root) && isRecord(root.brand) ? root.brand : undefined;
  return {
    brandName: typeof brand?.name === "string" ? brand.name : "Troia Grove",
    publicUrl: isRecord(root) && typeof root.publicUrl === "string" ? root.publicUrl : undefined,
  };
}

/** The address of the page without query or trailing slash: one canonical URL per page. */
function canonicalPath(matches: ReadonlyArray<MatchLike | undefined>): string {
  const leaf = matches.findLast((match) => match !== undefined);
  const pathname = leaf?.pathname ?? "/";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/";
}

function shareTags(
  page: PageInfo,
  title: string,
  { brandName, publicUrl }: RootFacts & { publicUrl: string },
  url: string,
): MetaDescriptor[] {
  const image = page.image ?? defaultShareImage;
  const imageUrl = absoluteUrl(publicUrl, image.path);
  const tags: MetaDescriptor[] = [
    { property: "og:site_name", content: brandName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];
  if (page.description) {
    tags.push(
      { property: "og:description", content: page.description },
      { name: "twitter:description", content: page.description },
    );
  }
  return tags;
}

/**
 * A route's `meta`: `Brand | Page`, the description, the canonical URL (from `PUBLIC_URL`),
 * and the Open Graph and Twitter card tags of link previews.
 */
export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: PageInfo,
): MetaDescriptor[] {
  const facts = rootFactsOf(matches);
  const title = `${facts.brandName} | ${page.title}`;
  const tags: MetaDescriptor[] = [{ title }];
  if (page.description) tags.push({ name: "description", content: page.description });
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  if (facts.publicUrl) {
    const url = absoluteUrl(facts.publicUrl, canonicalPath(matches));
    tags.push({ tagName: "link", rel: "canonical", href: url });
    tags.push(...shareTags(page, title, { ...facts, publicUrl: facts.publicUrl }, url));
  }
  return tags;
}
