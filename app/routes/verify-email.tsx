/**
 * `/verify-email?token=…`: where the link of a verification e-mail lands. In a session of its
 * account it verifies the e-mail and goes on to the account; a shopper who is not signed in
 * signs in first; a link that expired, is not valid or is another account's says so.
 */

import { data, Form, Link, redirect } from "react-router";
import { AuthPage } from "~/components/auth/AuthPage";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { accountTabHref } from "~core/account-urls";
import { authAlerts, verificationLinkLifetimeHours } from "~core/auth";
import { accountIntents, intentField } from "~core/form-intent";
import { answerHeaders } from "~core/route-headers";
import { authServices } from "~server/auth/context.server";
import {
  type VerificationRefusal,
  verificationRefusal,
  verifyEmailAddress,
} from "~server/auth/email-verification.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { currentSession } from "~server/auth/session.server";
import type { Route } from "./+types/verify-email";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Verify Your E-mail Address",
    description: "Verify the e-mail address of your account.",
  }),
  { name: "robots", content: "noindex" },
];

/** The token is in the address: keep the page out of caches and out of Referer headers. */
const privatePage = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export const headers = answerHeaders;

const refusalStatus: Record<VerificationRefusal, number> = {
  expired: 400,
  invalid: 400,
  "other-account": 403,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (!token) throw redirect(accountTabHref("account-info"));
  const session = currentSession(context);
  if (!session) {
    const signIn = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
    throw redirect(`/sign-in?${signIn}`, { headers: privatePage });
  }
  const services = authServices(context);
  const verified = await verifyEmailAddress(services, request, session.user, token);
  if (verified.ok) {
    throw await redirectWithAlert(
      services,
      accountTabHref("account-info"),
      verified.cookies,
      authAlerts.emailVerified,
    );
  }
  const refusal = verificationRefusal(verified);
  return data(
    { refusal, email: session.user.email, verified: session.user.emailVerified },
    { status: refusalStatus[refusal], headers: privatePage },
  );
}

const explanations: Record<VerificationRefusal, { title: string; text: string }> = {
  expired: {
    title: "This link has expired",
    text: `A verification link works for ${verificationLinkLifetimeHours} hours.`,
  },
  invalid: {
    title: "This link is not valid",
    text: "It may be incomplete, or a newer link replaced it when the account's e-mail address changed.",
  },
  "other-account": {
    title: "This link is for another account",
    text: "A link verifies the e-mail address of the account it was sent for, in a session of that account. Sign out, sign in to that account, then open the link again.",
  },
};

function ResendLink({ email }: { email: string }) {
  return (
    <Form method="post" action={accountTabHref("account-info")} className="flex flex-col gap-3">
      <p className="leading-relaxed text-ink/90">
        We can send a new link to <strong className="break-all text-olive-950">{email}</strong>.
      </p>
      <input type="hidden" name={intentField} value={accountIntents.resendVerification} />
      <button type="submit" className="btn-primary sm:self-start">
        Send a new link
      </button>
    </Form>
  );
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { refusal, email, verified } = loaderData;
  const { title, text } = explanations[refusal];
  const canResend = !verified && refusal !== "other-account";
  return (
    <AuthPage eyebrow="Verify your e-mail address" title={title}>
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-900"
      >
        {text}
      </p>
      <div className="mt-6">
        {canResend ? (
          <ResendLink email={email} />
        ) : (
          <Link to={accountTabHref("account-info")} className="btn-outline text-olive-900">
            Go to your account
          </Link>
        )}
      </div>
    </AuthPage>
  );
}
