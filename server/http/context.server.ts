import { createContext, type RouterContextProvider } from "react-router";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";
import type { PageCache } from "./page-cache.server";
import type { SecurityOptions } from "./security.server";

/** Whether this instance should be sent traffic, as `/readyz` reports it. */
export type Readiness = { ready: true; database: string } | { ready: false; reason: string };

/**
 * The base services every loader, action and middleware can reach through
 * `context.get(shopContext)`. The domains' own services (Better Auth, the payment provider, the
 * metrics) travel in contexts of their own, which the composition (server/main/) sets beside it.
 */
export interface ShopContext {
  config: ResolvedConfig;
  db: Database;
  /** The shop's logger, with this request's id on every line. */
  log: Logger;
  /**
   * The Content-Security-Policy nonce of this response, should it be a page: drawn at the first
   * call, the same at every call after it.
   */
  cspNonce: () => string;
  security: SecurityOptions;
  /** The client's address, as the trusted proxies (TRUST_PROXY) report it. */
  clientIp: string;
  /** Pages shared by anonymous visitors; null in development, which always renders. */
  pages: PageCache | null;
  readiness: () => Promise<Readiness>;
}

export const shopContext = createContext<ShopContext>();

/** The shop's base services for this request. */
export function shop(context: Readonly<RouterContextProvider>): ShopContext {
  return context.get(shopContext);
}
