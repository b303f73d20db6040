import type { StoredImage } from "~core/images";
import type { Promotion } from "~core/pricing";
import { storedImage } from "../content/images.server";
import { findInfluencerBySlug, type Influencer } from "../content/influencers.server";
import type { ShopContext } from "../http/context.server";
import { findActivePromotion } from "../promotions/promotions.server";
import { keepPromotionForVisit } from "../promotions/visit.server";

/** The influencer as their page shows them: name, title, portrait and quotes. */
function toInfluencerView(influencer: Influencer, portrait: StoredImage | null) {
  return {
    portrait,
    firstName: influencer.firstName,
    lastName: influencer.lastName,
    title: influencer.title,
    /** Under /images/people; the seed's pages have one, pages added later a portrait. */
    imageFileName: influencer.imageFileName,
    heroQuote: influencer.heroQuote,
    storyQuote: influencer.storyQuote,
  };
}

export interface InfluencerOffer {
  influencer: ReturnType<typeof toInfluencerView>;
  /** The influencer's coupon, when it is active; it becomes the visit's promotion. */
  promotion: Promotion | null;
  setCookie: string | null;
  /** A page taken down by the owner: it answers 410 Gone and offers nothing. */
  active: boolean;
}

/** An influencer page: the influencer by slug, then the promotion of its coupon code. */
export async function loadInfluencerOffer(
  slug: string,
  services: Pick<ShopContext, "db" | "config">,
): Promise<InfluencerOffer | null> {
  const influencer = await findInfluencerBySlug(services.db, slug);
  if (!influencer) return null;
  const portrait = await storedImage(services.db, influencer.portraitImageId);
  const view = toInfluencerView(influencer, portrait);
  if (!influencer.active)
    return { influencer: view, promotion: null, setCookie: null, active: false };
  const promotion = await findActivePromotion(services.db, influencer.couponCode);
  return {
    influencer: view,
    promotion,
    setCookie: promotion ? keepPromotionForVisit(promotion, services.config) : null,
    active: true,
  };
}
