import type { IncomingMessage } from "node:http";

/**
 * The client's address. Behind a proxy (TRUST_PROXY on) it is the first address of
 * X-Forwarded-For, as Express's `trust proxy` reads it; otherwise the connection's own.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const header = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  const first = header?.split(",", 1)[0]?.trim();
  return first || req.socket.remoteAddress || "unknown";
}
