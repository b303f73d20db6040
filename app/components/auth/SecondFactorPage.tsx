import { Link } from "react-router";
import type { Route } from "~/routes/+types/sign-in.two-factor";
import { secondFactorPath, signInPath } from "~core/auth";
import type { AuthFormResult, SecondFactorMethod } from "~core/auth-forms";
import { AuthPage } from "./AuthPage";
import { textLinkClass } from "./styles";
import { TwoFactorCodeForm } from "./TwoFactorCodeForm";

const pages: Record<SecondFactorMethod, { title: string; intro: string; other: string }> = {
  app: {
    title: "Enter your code",
    intro: "Open the authenticator app on your phone and enter the code it shows for this shop.",
    other: "Use a backup code",
  },
  backup: {
    title: "Enter a backup code",
    intro:
      "Enter one of the backup codes you kept when you set up two-factor sign-in. Each code works once.",
    other: "Use a code from your app",
  },
};

/**
 * The second step of a sign-in: the code field, a link to the other way of giving it, and a way
 * back (to the password when signing in, to the shop for a session that is open already).
 */
export function SecondFactorPage({
  method,
  redirectTo,
  signedIn,
  result,
}: Route.ComponentProps["loaderData"] & { result: AuthFormResult | undefined }) {
  const page = pages[method];
  const otherMethod = method === "app" ? "backup" : "app";
  return (
    <AuthPage eyebrow="Two-factor sign-in" title={page.title}>
      <TwoFactorCodeForm
        result={result}
        method={method}
        submitLabel="Sign in"
        hiddenFields={{ method, redirectTo }}
      >
        <p className="text-sm leading-relaxed text-ink/80">
          {signedIn && method === "app"
            ? `The back office asks every sign-in for a code as well. ${page.intro}`
            : page.intro}
        </p>
      </TwoFactorCodeForm>
      <ul className="mt-6 flex flex-wrap gap-x-6 text-sm">
        <li>
          <Link to={secondFactorPath(otherMethod, redirectTo)} className={textLinkClass}>
            {page.other}
          </Link>
        </li>
        <li>
          {signedIn ? (
            <Link to="/" className={textLinkClass}>
              Back to the shop
            </Link>
          ) : (
            <Link to={signInPath(redirectTo)} className={textLinkClass}>
              Back to sign in
            </Link>
          )}
        </li>
      </ul>
    </AuthPage>
  );
}
