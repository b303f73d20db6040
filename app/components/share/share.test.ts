import { describe, expect, it } from "vitest";
import { orderShareText } from "./order-share-text";
import { isMobileUserAgent, sharePopupFeatures, shareTarget, shareUrls } from "./share-links";

const content = {
  url: "https://troiagrove.example/academy/recipes/summer-tomato-bread",
  text: "Summer Tomato Bread & more",
  hashtags: ["SuperEasy", "Lunch"],
};

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36";

describe("shareUrls", () => {
  it("builds the Twitter intent with text, address and hashtags", () => {
    const twitter = new URL(shareUrls(content).twitter);
    expect(twitter.origin + twitter.pathname).toBe("https://twitter.com/intent/tweet");
    expect(twitter.searchParams.get("text")).toBe("Summer Tomato Bread & more");
    expect(twitter.searchParams.get("url")).toBe(content.url);
    expect(twitter.searchParams.get("hashtags")).toBe("SuperEasy,Lunch");
  });

  it("builds the Facebook sharer with the address", () => {
    const facebook = new URL(shareUrls(content).facebook);
    expect(facebook.origin + facebook.pathname).toBe("https://www.facebook.com/sharer/sharer.php");
    expect(facebook.searchParams.get("u")).toBe(content.url);
  });

  it("builds both WhatsApp links with the text followed by the address", () => {
    const { whatsappApp, whatsappWeb } = shareUrls(content);
    expect(new URL(whatsappApp).host).toBe("api.whatsapp.com");
    expect(new URL(whatsappWeb).host).toBe("web.whatsapp.com");
    expect(new URL(whatsappWeb).searchParams.get("text")).toBe(
      `Summer Tomato Bread & more ${content.url}`,
    );
  });
});

describe("shareTarget", () => {
  it("sends phones to the WhatsApp app link and computers to WhatsApp Web", () => {
    expect(isMobileUserAgent(iphone)).toBe(true);
    expect(isMobileUserAgent(desktop)).toBe(false);
    expect(shareTarget("whatsapp", content, iphone)).toMatch(/^https:\/\/api\.whatsapp\.com\//);
    expect(shareTarget("whatsapp", content, desktop)).toMatch(/^https:\/\/web\.whatsapp\.com\//);
    expect(shareTarget("twitter", content, iphone)).toMatch(/^https:\/\/twitter\.com\/intent/);
  });
});

describe("sharePopupFeatures", () => {
  it("asks for a 550×400 popup centred over the window", () => {
    const features = sharePopupFeatures({
      screenX: 100,
      screenY: 50,
      outerWidth: 1350,
      outerHeight: 900,
    });
    expect(features).toBe("popup=yes,width=550,height=400,left=500,top=300");
  });

  it("keeps the popup on screen when the window is smaller than it", () => {
    const features = sharePopupFeatures({
      screenX: 0,
      screenY: 0,
      outerWidth: 390,
      outerHeight: 300,
    });
    expect(features).toContain("left=0,top=0");
  });
});

describe("orderShareText", () => {
  it("celebrates a first order, with the brand", () => {
    expect(orderShareText(1, "Troia Grove")).toContain("my first order");
    expect(orderShareText(1, "Troia Grove")).toContain("Troia Grove");
    expect(orderShareText(0, "Troia Grove")).toBe(orderShareText(1, "Troia Grove"));
  });

  it("speaks of coming back on the second order", () => {
    expect(orderShareText(2, "Troia Grove")).toMatch(/^Back for more: my second order/);
  });

  it("counts the orders of a regular", () => {
    expect(orderShareText(3, "Troia Grove")).toMatch(/^Order number 3 /);
    expect(orderShareText(12, "Other Grove")).toMatch(/^Order number 12 from Other Grove/);
  });
});
