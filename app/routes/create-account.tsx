/**
 * `/create-account?guestId=…`: a guest creates the account of the e-mail they ordered with, or
 * signs in to the account that e-mail already has, and lands on the orders tab.
 */

import { Suspense } from "react";
import { Await, data, redirect, useLocation } from "react-router";
import { GuestOrderStatuses } from "~/components/account/GuestOrderStatuses";
import { AuthPage } from "~/components/auth/AuthPage";
import { RegisterForm } from "~/components/auth/RegisterForm";
import { SignInForm } from "~/components/auth/SignInForm";
import { pageWithSignIn } from "~/components/auth/sign-in-url";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { accountTabHref } from "~core/account-urls";
import { authAlerts, type SocialProvider } from "~core/auth";
import type { AuthFormResult } from "~core/auth-forms";
import { guestAccountFields, guestSignInFields, parseForm, registerFields } from "~core/auth-forms";
import { guestAccountIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { answerHeaders } from "~core/route-headers";
import { countOf } from "~core/text";
import { authServices } from "~server/auth/context.server";
import { invalidForm, redirectAfterSignIn, redirectOrRefuse } from "~server/auth/responses.server";
import { currentSession } from "~server/auth/session.server";
import { configuredSocialProviders } from "~server/auth/sign-in.server";
import {
  createAccountFromGuest,
  guestAccountOf,
  signInToGuestAccount,
} from "~server/customers/guest-account.server";
import { shop } from "~server/http/context.server";
import { deliver } from "~server/http/streaming.server";
import type { Route } from "./+types/create-account";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Track Your Orders",
    description: "Create your account to track your orders.",
  }),
  { name: "robots", content: "noindex" },
];

const ordersTab = accountTabHref("orders");

/** The guest id is a credential: keep the page out of caches and out of Referer headers. */
const privatePage = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export const headers = answerHeaders;

function guestIdOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("guestId");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (currentSession(context)) throw redirect(ordersTab);
  const guestId = guestIdOf(request);
  if (!guestId) throw redirect("/");
  const services = shop(context);
  const found = guestAccountOf(services.db, guestId).catch((error: unknown) => {
    services.log.error({ err: error }, "guest orders could not be read");
    return null;
  });
  return data(
    {
      // After a navigation, streamed: 'Loading your information...' meanwhile.
      guest: (await deliver(request, found)).value,
      supportEmail: services.config.supportEmail,
      providers: configuredSocialProviders(services.config),
    },
    { headers: privatePage },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  if (currentSession(context)) throw redirect(ordersTab);
  const services = authServices(context);
  const guestId = guestIdOf(request) ?? "";
  const form = await request.formData();
  // Whatever the form, the server decides again: an account is created once, then only signed in to.
  switch (intentOf(form, guestAccountIntents)) {
    case guestAccountIntents.createAccount: {
      const kept = {
        firstName: String(form.get("firstName") ?? ""),
        lastName: String(form.get("lastName") ?? ""),
      };
      const parsed = parseForm(guestAccountFields, form);
      if (!parsed.ok) return invalidForm(parsed.fieldErrors, kept);
      const created = await createAccountFromGuest(services, request, guestId, parsed.values);
      const success = { to: ordersTab, alert: authAlerts.accountCreated };
      return redirectOrRefuse(services, created, success, kept);
    }
    case guestAccountIntents.signIn: {
      const parsed = parseForm({ password: guestSignInFields.password }, form);
      if (!parsed.ok) return invalidForm(parsed.fieldErrors);
      const signedIn = await signInToGuestAccount(
        services,
        request,
        guestId,
        parsed.values.password,
      );
      return redirectAfterSignIn(services, signedIn, { to: ordersTab, alert: authAlerts.signedIn });
    }
    default:
      return data<AuthFormResult>({ error: { message: unknownIntentMessage } }, { status: 400 });
  }
}

const guestFormFields = { ...registerFields, ...guestAccountFields };

type PageResult = AuthFormResult | undefined;

/** What the page offers the guest, and where their orders stand, once it has been read. */
type FoundGuest = NonNullable<Awaited<Route.ComponentProps["loaderData"]["guest"]>>;

function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 text-olive-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

function CreateAccount({
  guest,
  formAction,
  result,
}: {
  guest: Extract<FoundGuest, { kind: "create" }>;
  formAction: string;
  result: PageResult;
}) {
  const orders = countOf(guest.orderCount, "order");
  return (
    <AuthPage
      eyebrow="Track your orders"
      title="Create your account to track your orders"
      intro={`You have ${orders} with us under ${guest.email}. Choose a password to follow ${guest.orderCount === 1 ? "it" : "them"} in your account.`}
    >
      <GuestOrderStatuses orders={guest.orders} />
      <RegisterForm
        result={result}
        action={formAction}
        fields={guestFormFields}
        guest={guest}
        intent={guestAccountIntents.createAccount}
      />
      <p className="mt-6 flex items-center gap-2 text-sm text-ink/80">
        <LockIcon />
        We never share your information with 3rd parties.
      </p>
    </AuthPage>
  );
}

type ExistingAccount = Exclude<FoundGuest, { kind: "create" }>;

/**
 * Where the orders are: in the account already, or to be added to the account of their e-mail
 * by signing in (whoever owns the e-mail but not the password resets it by e-mail first).
 */
function signInIntro(guest: ExistingAccount): string {
  const orders = countOf(guest.orderCount, "order");
  const one = guest.orderCount === 1;
  if (guest.kind === "sign-in") {
    return `Your ${orders} ${one ? "is" : "are"} in the account of ${guest.email}. Sign in to follow ${one ? "it" : "them"}.`;
  }
  return `An account with ${guest.email} exists. Sign in to add your ${orders} to it. Not your account, or you do not know its password? 'Forgot your password?' sends a reset link to ${guest.email}.`;
}

function SignInToAccount({
  guest,
  formAction,
  result,
  providers,
}: {
  guest: ExistingAccount;
  formAction: string;
  result: PageResult;
  providers: SocialProvider[];
}) {
  const location = useLocation();
  return (
    <AuthPage
      eyebrow="Track your orders"
      title="Sign in to track your orders"
      intro={signInIntro(guest)}
    >
      <GuestOrderStatuses orders={guest.orders} />
      <SignInForm
        redirectTo={ordersTab}
        forgotPasswordHref={pageWithSignIn(location, "forgot")}
        providers={providers}
        fixedEmail={guest.email}
        pageResult={result}
        action={formAction}
        fields={guestSignInFields}
        busyLabel="Signing in to your account..."
        intent={guestAccountIntents.signIn}
      />
    </AuthPage>
  );
}

function Unavailable({ supportEmail }: { supportEmail: string }) {
  return (
    <AuthPage eyebrow="Track your orders" title="Your orders">
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-900"
      >
        We failed to retrieve the information about your orders. Please contact us on the support
        e-mail address at{" "}
        <a href={`mailto:${supportEmail}`} className="underline underline-offset-2">
          {supportEmail}
        </a>
        .
      </p>
    </AuthPage>
  );
}

function Loading() {
  return (
    <AuthPage eyebrow="Track your orders" title="Your orders">
      <p role="status" className="flex items-center gap-3 py-6 text-ink/80">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-olive-200 border-t-olive-800"
        />
        Loading your information...
      </p>
    </AuthPage>
  );
}

export default function CreateAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { guest, supportEmail, providers } = loaderData;
  const result = actionData;
  const location = useLocation();
  const formAction = pageWithSignIn(location, null);
  const show = (found: FoundGuest | null) => {
    if (!found) return <Unavailable supportEmail={supportEmail} />;
    return found.kind === "create" ? (
      <CreateAccount guest={found} formAction={formAction} result={result} />
    ) : (
      <SignInToAccount
        guest={found}
        formAction={formAction}
        result={result}
        providers={providers}
      />
    );
  };
  if (!(guest instanceof Promise)) return show(guest);
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={guest}>{show}</Await>
    </Suspense>
  );
}
