import { describe, expect, it } from "vitest";
import { specCatalog as catalog } from "./catalog";
import {
  absoluteUrl,
  faqPageJsonLd,
  organizationJsonLd,
  productJsonLd,
  serializeJsonLd,
} from "./structured-data";

const shop = {
  brandName: "Troia Grove",
  publicUrl: "https://troiagrove.example",
  supportEmail: "hello@troiagrove.example",
  instagramHandle: "troiagrove",
};

describe("absoluteUrl", () => {
  it("joins the public address and a path, with or without a trailing slash", () => {
    expect(absoluteUrl("https://shop.example", "/academy")).toBe("https://shop.example/academy");
    expect(absoluteUrl("https://shop.example/", "/")).toBe("https://shop.example/");
  });
});

describe("serializeJsonLd", () => {
  it("keeps text from closing the script tag, and parses back to the same data", () => {
    const data = { "@type": "Thing", name: "</script><script>alert(1)</script> & <!--" };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(data);
  });

  it("escapes the line separators JavaScript once treated as line ends", () => {
    const json = serializeJsonLd({ text: "a\u2028b\u2029c" });
    expect(json).toContain("\\u2028");
    expect(JSON.parse(json)).toEqual({ text: "a\u2028b\u2029c" });
  });
});

describe("organizationJsonLd", () => {
  it("names the shop, its address, logo, e-mail and Instagram profile", () => {
    expect(organizationJsonLd(shop)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Troia Grove",
      url: "https://troiagrove.example/",
      logo: "https://troiagrove.example/images/brand/logo-512.png",
      email: "hello@troiagrove.example",
      sameAs: ["https://www.instagram.com/troiagrove/"],
    });
  });
});

describe("faqPageJsonLd", () => {
  it("turns each question and answer into a Question with its accepted Answer", () => {
    const data = faqPageJsonLd([
      { question: "How fresh is it?", answer: "From the latest harvest." },
      { question: "Where do you ship?", answer: "Across the US." },
    ]);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "How fresh is it?",
          acceptedAnswer: { "@type": "Answer", text: "From the latest harvest." },
        },
        {
          "@type": "Question",
          name: "Where do you ship?",
          acceptedAnswer: { "@type": "Answer", text: "Across the US." },
        },
      ],
    });
  });
});

describe("productJsonLd", () => {
  it("describes a bottle with its catalog price as a US dollar offer", () => {
    const data = productJsonLd(
      { item: catalog.luxe, description: "Buttery and green.", pagePath: "/our-olive-oils" },
      shop,
    );
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Luxe Extra Virgin Olive Oil, 375 ml",
      description: "Buttery and green.",
      sku: "luxe",
      image: "https://troiagrove.example/images/bottles/luxe-375.svg",
      brand: { "@type": "Brand", name: "Troia Grove" },
      offers: {
        "@type": "Offer",
        url: "https://troiagrove.example/our-olive-oils",
        price: "33.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@type": "Organization", name: "Troia Grove" },
      },
    });
  });

  it("uses the page's own price when it makes a special offer, and names sets plainly", () => {
    const data = productJsonLd(
      {
        item: catalog.tastingCollection,
        description: "Three bottles.",
        pagePath: "/community/maria-papadopoulos",
        priceCents: 5940,
      },
      shop,
    );
    expect(data.name).toBe("Tasting Collection");
    expect(data.offers).toMatchObject({ price: "59.40" });
  });

  it("links the owner's photo, at its largest WebP, when the item has one", () => {
    const photo = {
      key: "k".repeat(22),
      alt: "A bottle",
      width: 1500,
      height: 2000,
      widths: [400, 1500],
    };
    const data = productJsonLd(
      { item: { ...catalog.luxe, photo }, description: "Green.", pagePath: "/our-olive-oils" },
      shop,
    );
    expect(data.image).toBe(`https://troiagrove.example/media/${photo.key}/1500.webp`);
  });
});
