/** The sign-in modal lives in the URL (`?signIn=1`, `?signIn=forgot`) of whatever page is open. */
export type SignInView = "sign-in" | "forgot";

const param = "signIn";

interface PageLocation {
  pathname: string;
  search: string;
}

export function signInViewOf(search: string): SignInView | null {
  const value = new URLSearchParams(search).get(param);
  if (value === null) return null;
  return value === "forgot" ? "forgot" : "sign-in";
}

/** The same page with the modal showing `view`, or closed when `view` is null. */
export function pageWithSignIn(location: PageLocation, view: SignInView | null): string {
  const params = new URLSearchParams(location.search);
  if (view === null) params.delete(param);
  else params.set(param, view === "forgot" ? "forgot" : "1");
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}
