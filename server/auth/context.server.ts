import { createContext, type RouterContextProvider } from "react-router";
import { type ShopContext, shop } from "../http/context.server";
import type { Auth } from "./auth.server";

/** Better Auth, set on every request's context by the composition (server/main/). */
export const authContext = createContext<Auth>();

/** The base services with Better Auth: what sign-in, registration and the account's changes take. */
export interface AuthServices extends ShopContext {
  /** Better Auth: sessions, sign-in, password reset. */
  auth: Auth;
}

/** This request's base services with Better Auth. */
export function authServices(context: Readonly<RouterContextProvider>): AuthServices {
  return { ...shop(context), auth: context.get(authContext) };
}
