/**
 * schema.org JSON-LD for search engines, built from the shop's own data. Pure functions: the
 * pages decide where the data is rendered, `serializeJsonLd` makes it safe inside a script tag.
 * A recipe's is in `recipe-structured-data.ts`, so that it loads only with recipe pages.
 */
import type { CatalogItem } from "./catalog";
import { largestImagePath } from "./images";

type JsonLdValue =
  | string
  | number
  | boolean
  | null
  | JsonLdValue[]
  | { [key: string]: JsonLdValue };

export interface JsonLdObject {
  [key: string]: JsonLdValue;
}

export const schemaOrg = "https://schema.org";

/** The shop's address joined with a path: `https://shop.example` + `/academy`. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, "")}/`).toString();
}

/**
 * JSON for a `<script type="application/ld+json">`. `<`, `>` and `&` are written as unicode
 * escapes, so no text (a recipe title, an answer) can close the script tag or open a comment.
 */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export interface OrganizationInput {
  brandName: string;
  publicUrl: string;
  supportEmail: string;
  instagramHandle: string;
}

/** The shop itself, on every page. */
export function organizationJsonLd(shop: OrganizationInput): JsonLdObject {
  return {
    "@context": schemaOrg,
    "@type": "Organization",
    name: shop.brandName,
    url: absoluteUrl(shop.publicUrl, "/"),
    logo: absoluteUrl(shop.publicUrl, "/images/brand/logo-512.png"),
    email: shop.supportEmail,
    description:
      "Single-estate extra virgin olive oil from a family grove on the Dardanelles, " +
      "shipped across the US.",
    sameAs: [`https://www.instagram.com/${shop.instagramHandle}/`],
  };
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ block, question by question as the page shows it. */
export function faqPageJsonLd(items: readonly FaqItem[]): JsonLdObject {
  return {
    "@context": schemaOrg,
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface ProductJsonLdInput {
  item: CatalogItem;
  /** The text the page shows for the item. */
  description: string;
  /** The page that sells it, such as `/our-olive-oils`. */
  pagePath: string;
  /** The price the page asks when it differs from the catalog's (a community offer). */
  priceCents?: number;
}

function productName(item: CatalogItem): string {
  return item.kind === "bottle"
    ? `${item.name} Extra Virgin Olive Oil, ${item.sizeMl} ml`
    : item.name;
}

/** One item of the catalog with the offer the page makes for it. */
export function productJsonLd(
  product: ProductJsonLdInput,
  shop: Pick<OrganizationInput, "brandName" | "publicUrl">,
): JsonLdObject {
  const { item } = product;
  const priceCents = product.priceCents ?? item.priceCents;
  return {
    "@context": schemaOrg,
    "@type": "Product",
    name: productName(item),
    description: product.description,
    sku: item.id,
    image: absoluteUrl(shop.publicUrl, item.photo ? largestImagePath(item.photo) : item.image),
    brand: { "@type": "Brand", name: shop.brandName },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(shop.publicUrl, product.pagePath),
      price: (priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shop.brandName },
    },
  };
}
