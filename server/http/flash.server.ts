import { z } from "zod";
import type { ShopContext } from "./context.server";
import { isHttps } from "./cookies.server";
import { signedCookie } from "./signed-cookie.server";

const messageSchema = z.string().min(1);

/** A one-time message carried across a redirect, such as 'Signed in successfully'. */
function flashCookie({ config }: Pick<ShopContext, "config">) {
  return signedCookie("flash", messageSchema, {
    secret: config.authSecret,
    maxAgeSeconds: 60,
    https: isHttps(config),
  });
}

/** The Set-Cookie header that makes the next page show `message` in the success alert. */
export function setFlash(context: Pick<ShopContext, "config">, message: string): string {
  return flashCookie(context).write(message);
}

/** Reads the pending flash message, and the header that clears it. */
export function takeFlash(
  request: Request,
  context: Pick<ShopContext, "config">,
): { message: string | null; clearHeader: string | null } {
  const cookie = flashCookie(context);
  const message = cookie.read(request.headers.get("Cookie"));
  if (message === null) return { message: null, clearHeader: null };
  return { message, clearHeader: cookie.clear() };
}
