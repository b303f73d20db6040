import { createContext, type RouterContextProvider } from "react-router";
import type { Auth } from "../auth/auth.server";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";
import type { PaymentProvider } from "../payments/provider.server";

/** What every loader, action and middleware can reach through `context.get(shopContext)`. */
export interface ShopContext {
  config: ResolvedConfig;
  db: Database;
  log: Logger;
  /** The payment provider chosen at start: the sandbox or Stripe. */
  payments: PaymentProvider;
  /** The Content-Security-Policy nonce of this response. */
  cspNonce: string;
  /** The client's address (from the proxy's header only when TRUST_PROXY is on). */
  clientIp: string;
  /** Better Auth: sessions, sign-in, password reset. */
  auth: Auth;
}

export const shopContext = createContext<ShopContext>();

/** The shop's services for this request. */
export function shop(context: Readonly<RouterContextProvider>): ShopContext {
  return context.get(shopContext);
}
