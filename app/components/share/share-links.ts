/** Where the share buttons send a reader, and how their popup opens. Pure functions. */

export type ShareNetwork = "twitter" | "facebook" | "whatsapp";

export interface SharedContent {
  /** The absolute address being shared. */
  url: string;
  text: string;
  /** Hashtags for Twitter, without the '#'. */
  hashtags?: readonly string[];
}

const sharePopupSize = { width: 550, height: 400 } as const;

/** The Twitter intent, the Facebook sharer and both WhatsApp links for a piece of content. */
export function shareUrls({ url, text, hashtags = [] }: SharedContent) {
  const twitter = new URL("https://twitter.com/intent/tweet");
  twitter.searchParams.set("text", text);
  twitter.searchParams.set("url", url);
  if (hashtags.length > 0) twitter.searchParams.set("hashtags", hashtags.join(","));
  const facebook = new URL("https://www.facebook.com/sharer/sharer.php");
  facebook.searchParams.set("u", url);
  const message = encodeURIComponent(`${text} ${url}`);
  return {
    twitter: twitter.toString(),
    facebook: facebook.toString(),
    /** Opens the WhatsApp app on a phone. */
    whatsappApp: `https://api.whatsapp.com/send?text=${message}`,
    /** WhatsApp Web, for computers. */
    whatsappWeb: `https://web.whatsapp.com/send?text=${message}`,
  };
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** The address a share button opens: WhatsApp's app link on phones, its web link otherwise. */
export function shareTarget(
  network: ShareNetwork,
  content: SharedContent,
  userAgent: string,
): string {
  const urls = shareUrls(content);
  if (network !== "whatsapp") return urls[network];
  return isMobileUserAgent(userAgent) ? urls.whatsappApp : urls.whatsappWeb;
}

/** `window.open` features for a 550×400 popup centred over the current window. */
export function sharePopupFeatures(window: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}): string {
  const { width, height } = sharePopupSize;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}
