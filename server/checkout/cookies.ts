/** The cookies checkout reads and writes. */
import { createCookie } from "react-router";
import { z } from "zod";
import type { ShopContext } from "../http/context";

const rememberedSessions = 5;

/**
 * The checkout sessions this browser opened, signed. The confirmation page shows an order only
 * to the browser that paid for it.
 */
function checkoutCookie(context: Pick<ShopContext, "config">) {
  return createCookie("checkout", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 7 * 24 * 60 * 60,
    secure: context.config.publicUrl.startsWith("https://"),
    secrets: [context.config.authSecret],
  });
}

async function openedSessions(
  request: Request,
  context: Pick<ShopContext, "config">,
): Promise<string[]> {
  const value: unknown = await checkoutCookie(context).parse(request.headers.get("Cookie"));
  const parsed = z.array(z.string()).safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The Set-Cookie header that adds `sessionId` to the sessions this browser opened. */
export async function rememberCheckoutSession(
  request: Request,
  context: Pick<ShopContext, "config">,
  sessionId: string,
): Promise<string> {
  const previous = await openedSessions(request, context);
  const sessions = [sessionId, ...previous.filter((id) => id !== sessionId)].slice(
    0,
    rememberedSessions,
  );
  return checkoutCookie(context).serialize(sessions);
}

export async function openedInThisBrowser(
  request: Request,
  context: Pick<ShopContext, "config">,
  sessionId: string,
): Promise<boolean> {
  return (await openedSessions(request, context)).includes(sessionId);
}

/** The Set-Cookie header that forgets the sessions this browser opened (at sign-out). */
export function forgetCheckoutSessions(context: Pick<ShopContext, "config">): Promise<string> {
  return checkoutCookie(context).serialize("", { maxAge: 0 });
}
