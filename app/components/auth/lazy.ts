import { lazyWithPreload } from "../lazy-with-preload";

/**
 * The sign-in dialog, with its forms and the form kit, stays out of the first load: it is
 * fetched when a shopper is about to sign in, or when a page opens with `?signIn=`.
 */
export const LazySignInDialog = lazyWithPreload(() =>
  import("./SignInDialog").then((module) => module.SignInDialog),
);
