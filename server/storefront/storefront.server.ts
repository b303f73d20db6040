import type { Promotion } from "~core/pricing";
import type { StorefrontState } from "~core/storefront";
import { readAccessCookie } from "../access/access.server";
import { affiliateCookieFromUrl } from "../affiliate/affiliate.server";
import { readCart } from "../cart/cart-cookie.server";
import { lastKnownCatalog, readCatalog } from "../catalog/catalog.server";
import type { ShopContext } from "../http/context.server";
import type { Logger } from "../logger.server";
import { findActivePromotion } from "../promotions/promotions.server";
import { resolveVisitPromotion, type VisitPromotion } from "../promotions/visit.server";
import { defaultSettings, readShopSettings } from "../settings/settings.server";
import { shelvesNow } from "../stock/stock.server";

/** Pages stay up when the database does not answer: settings fall back, offers disappear. */
async function orWhenDown<T>(work: () => Promise<T>, fallback: T, log: Logger, what: string) {
  try {
    return await work();
  } catch (error) {
    log.error({ err: error }, `${what} failed`);
    return fallback;
  }
}

/**
 * The storefront's part of the root loader, and the cookies it sets (promotion, affiliate).
 * `linkRefused`: the page's `?promoCode=` went past the lookup limit; `appliedByForm`: the promo
 * code field applied this promotion in the same request.
 */
export async function loadStorefront(
  request: Request,
  services: Pick<ShopContext, "db" | "config" | "log">,
  {
    linkRefused = false,
    appliedByForm = null,
  }: { linkRefused?: boolean; appliedByForm?: Promotion | null } = {},
): Promise<{ state: StorefrontState; setCookies: string[] }> {
  const url = new URL(request.url);
  const access = readAccessCookie(request.headers.get("Cookie"), services.config);
  const settingsRead = orWhenDown(
    () => readShopSettings(services.db, services.config),
    defaultSettings(services.config),
    services.log,
    "reading the settings",
  );
  const [settings, catalog, visit, shelves] = await Promise.all([
    settingsRead,
    orWhenDown(
      () => readCatalog(services.db),
      lastKnownCatalog(),
      services.log,
      "reading the catalog",
    ),
    orWhenDown<VisitPromotion & { failed: boolean }>(
      async () =>
        appliedByForm
          ? { promotion: appliedByForm, linkedCode: null, setCookie: null, failed: false }
          : {
              ...(await resolveVisitPromotion(request, services.db, services.config, linkRefused)),
              failed: linkRefused,
            },
      { promotion: null, linkedCode: null, setCookie: null, failed: true },
      services.log,
      "the promotion lookup",
    ),
    settingsRead.then(({ shopTimeZone }) =>
      orWhenDown(
        () => shelvesNow(services.db, shopTimeZone),
        null,
        services.log,
        "counting the shelves",
      ),
    ),
  ]);
  // Offered only to a visit without a promotion, and only when the code is really active.
  const softLaunchCode =
    visit.promotion || visit.failed || url.searchParams.has("promoCode")
      ? null
      : settings.softLaunchCode;
  const softLaunchOffer = softLaunchCode
    ? await orWhenDown(
        () => findActivePromotion(services.db, softLaunchCode),
        null,
        services.log,
        "the soft-launch lookup",
      )
    : null;
  const setCookies = [visit.setCookie, affiliateCookieFromUrl(url, services.config)].filter(
    (cookie): cookie is string => cookie !== null,
  );
  return {
    state: {
      catalog,
      promotion: visit.promotion,
      linkedCode: visit.linkedCode,
      promotionFailed: visit.failed,
      access,
      privateBeta: settings.privateBeta,
      freeShippingMinCents: settings.freeShippingMinCents,
      standardShippingCents: settings.standardShippingCents,
      softLaunchOffer,
      cart: readCart(request, services.config),
      shelves,
    },
    setCookies,
  };
}
