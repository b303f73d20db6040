// What shoppers send to a cluster: each from an address of its own on the loopback network
// (all of 127.0.0.0/8 is local), so that nginx, and the shop behind it, see distinct clients.
import { type RawAnswer, rawRequest } from "../../test/support/shop";

/** The `index`-th client address of a `block` (1–255) of 62,500 addresses. */
export function clientAddress(block: number, index: number): string {
  return `127.${block}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}

export interface Shopper {
  /** Where requests go: the balancer or one instance. */
  target: string;
  /** The shop's public address, which its forms' Origin must name. */
  publicUrl: string;
  from: string;
}

function post(shopper: Shopper, path: string, contentType: string, body: string) {
  return rawRequest(shopper.target, {
    method: "POST",
    path,
    headers: { Origin: shopper.publicUrl, "Content-Type": contentType },
    body,
    localAddress: shopper.from,
  });
}

export const servedBy = (answer: RawAnswer) => String(answer.headers["x-served-by"] ?? "");

/** Opens a sandbox checkout for one bottle, or a membership; its session id, or null when refused. */
export async function openSession(
  shopper: Shopper,
  options: { membership?: boolean } = {},
): Promise<{ sessionId: string | null; answer: RawAnswer }> {
  const itemId = options.membership ? "everydayLuxury" : "luxe";
  const answer = await post(
    shopper,
    "/api/checkout",
    "application/json",
    JSON.stringify({ items: [{ itemId, quantity: 1 }], localPickup: false }),
  );
  if (answer.status !== 200) return { sessionId: null, answer };
  const url = (JSON.parse(answer.body) as { url: string }).url;
  return { sessionId: decodeURIComponent(url.split("/").at(-1) ?? ""), answer };
}

/** Pays a session on the sandbox's hosted page with the card that succeeds. */
export function paySession(shopper: Shopper, sessionId: string, email: string) {
  const form = new URLSearchParams({
    email,
    name: "Ada Lovelace",
    line1: "12 Grove Street",
    line2: "",
    city: "Mountain View",
    state: "CA",
    postalCode: "94041",
    cardNumber: "4242 4242 4242 4242",
    expiry: "03/39",
    cvc: "123",
  });
  return post(
    shopper,
    `/checkout/sandbox/${encodeURIComponent(sessionId)}`,
    "application/x-www-form-urlencoded",
    form.toString(),
  );
}
