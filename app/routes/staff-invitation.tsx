/**
 * `/staff-invitation/:token`: where the link of an invitation to the staff lands. Signed in
 * with the invited address, the visitor joins the staff and goes on to the back office (which
 * asks for two-factor sign-in first); otherwise they sign in to that address's account, create
 * it, or sign out of another one. A link that cannot be used any more says so.
 */
import { data, Form, Link, useLocation } from "react-router";
import { ServerErrorAlert } from "~/components/alerts/ServerErrorAlert";
import { AuthPage } from "~/components/auth/AuthPage";
import { RegisterForm } from "~/components/auth/RegisterForm";
import { textLinkClass } from "~/components/auth/styles";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { useRootData } from "~/components/storefront/use-root-data";
import { authAlerts } from "~core/auth";
import { guestAccountFields, parseForm, registerFields } from "~core/auth-forms";
import { intentField, intentOf, staffInvitationIntents } from "~core/form-intent";
import { answerHeaders } from "~core/route-headers";
import { staffAlerts, staffInvitationLifetimeDays } from "~core/staff";
import {
  createAccountAndJoinStaff,
  type InvitationView,
  invitationView,
  joinStaff,
} from "~server/admin/staff-invitations.server";
import { authServices } from "~server/auth/context.server";
import {
  invalidForm,
  redirectWithAlert,
  refusalHeaders,
  refusedForm,
} from "~server/auth/responses.server";
import { currentSession } from "~server/auth/session.server";
import { signOut } from "~server/auth/sign-in.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/staff-invitation";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Staff Invitation", noIndex: true });

export const headers = answerHeaders;

/** The token is in the address: keep the page out of caches and out of Referer headers. */
const privatePage = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

const backOffice = "/admin";

function statusOf(view: InvitationView): number {
  if (view.kind === "invalid") return 404;
  return view.kind === "too-many" ? 429 : 200;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = shop(context);
  const visitor = currentSession(context)?.user ?? null;
  const view = await invitationView(services, params.token, visitor);
  const headers =
    view.kind === "too-many" ? refusalHeaders(view.refusal, privatePage) : privatePage;
  return data({ view }, { status: statusOf(view), headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = authServices(context);
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  const intent = intentOf(form, staffInvitationIntents);
  if (intent === staffInvitationIntents.signOut) {
    const cookies = await signOut(services, request);
    return redirectWithAlert(services, here, cookies, authAlerts.loggedOut);
  }
  const session = currentSession(context);
  const view = await invitationView(services, params.token, session?.user ?? null);
  if (view.kind === "join" && session && intent === staffInvitationIntents.join) {
    if (await joinStaff(services.db, params.token, session.user)) {
      return redirectWithAlert(services, backOffice, [], staffAlerts.joined);
    }
  }
  if (view.kind === "create" && intent === staffInvitationIntents.createAccount) {
    const kept = {
      firstName: String(form.get("firstName") ?? ""),
      lastName: String(form.get("lastName") ?? ""),
    };
    const parsed = parseForm(guestAccountFields, form);
    if (!parsed.ok) return invalidForm(parsed.fieldErrors, kept);
    const created = await createAccountAndJoinStaff(services, request, params.token, parsed.values);
    if (!created.ok) return refusedForm(created, kept);
    return created.joined
      ? redirectWithAlert(services, backOffice, created.cookies, staffAlerts.joined)
      : redirectWithAlert(services, here, created.cookies, authAlerts.accountCreated);
  }
  // Whatever the form asked, the page shows where the invitation stands now.
  return null;
}

/** The fixed e-mail is the invitation's; the rest is the registration's. */
const invitedAccountFields = { ...registerFields, ...guestAccountFields };

const eyebrow = "Staff invitation";

function NoLongerValid() {
  return (
    <AuthPage eyebrow={eyebrow} title="This invitation is no longer valid">
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-900"
      >
        It expired (an invitation works for {staffInvitationLifetimeDays} days), was used already,
        or was revoked. Please ask the shop's owner for a new one.
      </p>
      <Link to="/" className="btn-outline mt-6 text-olive-900">
        Go to the shop
      </Link>
    </AuthPage>
  );
}

function Join({ email, brandName }: { email: string; brandName: string }) {
  return (
    <AuthPage
      eyebrow={eyebrow}
      title="Join the staff"
      intro={`You're invited to the ${brandName} back office as ${email}.`}
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name={intentField} value={staffInvitationIntents.join} />
        <button type="submit" className="btn-primary w-full">
          Join the staff
        </button>
        <p className="text-sm text-ink/80">
          Next, you set up two-factor sign-in with an authenticator app on your phone.
        </p>
      </Form>
    </AuthPage>
  );
}

function SignInFirst({ email, here }: { email: string; here: string }) {
  return (
    <AuthPage
      eyebrow={eyebrow}
      title="Sign in to join the staff"
      intro={`${email} has an account with us. Sign in to it, and you come back here to join the staff.`}
    >
      <Link
        to={`/sign-in?${new URLSearchParams({ redirectTo: here })}`}
        className="btn-primary w-full"
      >
        Sign in
      </Link>
      <p className="mt-4 text-sm text-ink/80">
        Forgot its password?{" "}
        <Link to="/forgot-password" className={textLinkClass}>
          Reset it
        </Link>
        , then open the invitation's link again.
      </p>
    </AuthPage>
  );
}

function OtherAccount({ email, signedInAs }: { email: string; signedInAs: string }) {
  return (
    <AuthPage eyebrow={eyebrow} title="This invitation is for another account">
      <p className="leading-relaxed text-ink/90">
        You are signed in as <strong className="break-all">{signedInAs}</strong>, and the invitation
        is for <strong className="break-all">{email}</strong>. Sign out, then join with the account
        of {email} or create it.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name={intentField} value={staffInvitationIntents.signOut} />
        <button type="submit" className="btn-primary w-full">
          Sign out
        </button>
      </Form>
    </AuthPage>
  );
}

export default function StaffInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const result = actionData ?? undefined;
  const { pathname } = useLocation();
  const { brand } = useRootData();
  switch (view.kind) {
    case "invalid":
      return <NoLongerValid />;
    case "too-many":
      return (
        <AuthPage eyebrow={eyebrow} title="Please wait a moment">
          <ServerErrorAlert error={view.refusal.error} />
        </AuthPage>
      );
    case "join":
      return <Join email={view.email} brandName={brand.name} />;
    case "sign-in":
      return <SignInFirst email={view.email} here={pathname} />;
    case "other-account":
      return <OtherAccount email={view.email} signedInAs={view.signedInAs} />;
    case "create":
      return (
        <AuthPage
          eyebrow={eyebrow}
          title="Create your account to join the staff"
          intro={`You're invited to the ${brand.name} back office as ${view.email}. Choose a password; next, you set up two-factor sign-in.`}
        >
          <RegisterForm
            result={result}
            action={pathname}
            fields={invitedAccountFields}
            guest={{ email: view.email, firstName: "", lastName: "" }}
            intent={staffInvitationIntents.createAccount}
          />
        </AuthPage>
      );
  }
}
