import { useLocation } from "react-router";
import type { SocialProvider } from "~core/auth";
import { LazySignInDialog } from "./lazy";
import { signInViewOf } from "./sign-in-url";

/** The sign-in modal of `?signIn=1` (and its reset form, `?signIn=forgot`) on any page. */
export function SignInModal({ providers }: { providers: readonly SocialProvider[] }) {
  const { search } = useLocation();
  const view = signInViewOf(search);
  if (!view) return null;
  return <LazySignInDialog view={view} providers={providers} />;
}
