import { createCookie } from "react-router";
import type { ShopContext } from "./context";

/** A one-time message carried across a redirect, such as 'Signed in successfully'. */
function flashCookie(context: Pick<ShopContext, "config">) {
  return createCookie("flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: context.config.publicUrl.startsWith("https://"),
    secrets: [context.config.authSecret],
  });
}

/** The Set-Cookie header that makes the next page show `message` in the success alert. */
export function setFlash(context: Pick<ShopContext, "config">, message: string): Promise<string> {
  return flashCookie(context).serialize(message);
}

/** Reads the pending flash message, and the header that clears it. */
export async function takeFlash(
  request: Request,
  context: Pick<ShopContext, "config">,
): Promise<{ message: string | null; clearHeader: string | null }> {
  const cookie = flashCookie(context);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return { message: null, clearHeader: null };
  return { message: value, clearHeader: await cookie.serialize("", { maxAge: 0 }) };
}
