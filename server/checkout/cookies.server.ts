/** The cookies checkout reads and writes. */
import { z } from "zod";
import type { ShopContext } from "../http/context.server";
import { isHttps } from "../http/cookies.server";
import { signedCookie } from "../http/signed-cookie.server";

const rememberedSessions = 5;
const sessionIdsSchema = z.array(z.string()).max(rememberedSessions);

/**
 * The checkout sessions this browser opened, signed. The confirmation page shows an order only
 * to the browser that paid for it.
 */
function checkoutCookie({ config }: Pick<ShopContext, "config">) {
  return signedCookie("checkout", sessionIdsSchema, {
    secret: config.authSecret,
    maxAgeSeconds: 7 * 24 * 60 * 60,
    https: isHttps(config),
  });
}

export function openedSessions(
  cookieHeader: string | null | undefined,
  context: Pick<ShopContext, "config">,
): string[] {
  return checkoutCookie(context).read(cookieHeader) ?? [];
}

/**
 * The Set-Cookie header that adds `sessionId` to the sessions this browser opened, given the
 * request's Cookie header.
 */
export function rememberCheckoutSession(
  cookieHeader: string | null | undefined,
  context: Pick<ShopContext, "config">,
  sessionId: string,
): string {
  const previous = openedSessions(cookieHeader, context);
  const sessions = [sessionId, ...previous.filter((id) => id !== sessionId)].slice(
    0,
    rememberedSessions,
  );
  return checkoutCookie(context).write(sessions);
}

export function openedInThisBrowser(
  request: Request,
  context: Pick<ShopContext, "config">,
  sessionId: string,
): boolean {
  return openedSessions(request.headers.get("Cookie"), context).includes(sessionId);
}

/** The Set-Cookie header that forgets the sessions this browser opened (at sign-out). */
export function forgetCheckoutSessions(context: Pick<ShopContext, "config">): string {
  return checkoutCookie(context).clear();
}
