import { Link, useLocation } from "react-router";
import { ModalDialog } from "~/components/overlays/ModalDialog";
import type { SocialProvider } from "~core/auth";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { SignInForm } from "./SignInForm";
import { pageWithSignIn, type SignInView } from "./sign-in-url";
import { textLinkClass } from "./styles";

/** The e-mail typed in the sign-in form, carried to the reset form by the link's state. */
function typedEmail(state: unknown): string | undefined {
  if (typeof state !== "object" || state === null || !("email" in state)) return undefined;
  return typeof state.email === "string" ? state.email : undefined;
}

/** The sign-in form, or its reset form, in a modal over the page. */
export function SignInDialog({
  view,
  providers,
}: {
  view: SignInView;
  providers: readonly SocialProvider[];
}) {
  const location = useLocation();
  const closed = pageWithSignIn(location, null);
  if (view === "forgot") {
    return (
      <ModalDialog key="forgot" title="Reset your password" close={{ href: closed }}>
        <ForgotPasswordForm
          initialEmail={typedEmail(location.state)}
          back={
            <Link
              to={pageWithSignIn(location, "sign-in")}
              replace
              preventScrollReset
              className={textLinkClass}
            >
              Back to sign in
            </Link>
          }
        />
      </ModalDialog>
    );
  }
  return (
    <ModalDialog key="sign-in" title="Sign in" eyebrow="Welcome back" close={{ href: closed }}>
      <SignInForm
        redirectTo={closed}
        forgotPasswordHref={pageWithSignIn(location, "forgot")}
        providers={providers}
      />
    </ModalDialog>
  );
}
