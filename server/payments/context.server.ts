import { createContext, type RouterContextProvider } from "react-router";
import { type ShopContext, shop } from "../http/context.server";
import type { PaymentProvider } from "./provider.server";

/** The payment provider chosen at start, set on every request's context by the composition. */
export const paymentsContext = createContext<PaymentProvider>();

/** The base services with the payment provider: what checkout, the account's cards and refunds take. */
export interface PaymentServices extends ShopContext {
  /** The payment provider chosen at start: the sandbox or Stripe. */
  payments: PaymentProvider;
}

/** This request's base services with the payment provider. */
export function paymentServices(context: Readonly<RouterContextProvider>): PaymentServices {
  return { ...shop(context), payments: context.get(paymentsContext) };
}
