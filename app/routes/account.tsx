import {
  data,
  redirect,
  type ShouldRevalidateFunction,
  useLocation,
  useNavigation,
} from "react-router";
import { z } from "zod";
import { AccountInfoTab } from "~/components/account/AccountInfoTab";
import { AccountLoading } from "~/components/account/AccountLoading";
import { AccountNav } from "~/components/account/AccountNav";
import type { AccountInfoResult } from "~/components/account/account-info-result";
import type { AccountActionResult } from "~/components/account/action-result";
import { MembershipsTab } from "~/components/account/MembershipsTab";
import { OrdersTab } from "~/components/account/OrdersTab";
import { PaymentMethodsTab } from "~/components/account/PaymentMethodsTab";
import { ShippingInfoTab } from "~/components/account/ShippingInfoTab";
import type { Loaded } from "~/components/account/TabData";
import { isVerificationResult, VerifyEmailBanner } from "~/components/account/VerifyEmailBanner";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { useRootData } from "~/components/storefront/use-root-data";
import { accountGreeting, isNewAccount } from "~core/account-greeting";
import { type AccountTab, accountTabHref, accountTabOf } from "~core/account-urls";
import { authAlerts } from "~core/auth";
import { accountInfoFields, parseForm, reauthenticationFields } from "~core/auth-forms";
import { accountIntents, intentOf } from "~core/form-intent";
import {
  isMembershipFormIntent,
  membershipStepHref,
  membershipStepOf,
  parseMembershipForm,
} from "~core/membership-forms";
import { answerHeaders } from "~core/route-headers";
import { parseShippingForm } from "~core/shipping-info";
import { type AuthServices, authServices } from "~server/auth/context.server";
import { resendVerificationEmail } from "~server/auth/email-verification.server";
import type { Failure } from "~server/auth/outcome.server";
import { redirectWithAlert, refusalHeaders } from "~server/auth/responses.server";
import { requireSession, requireUser, type SignedInUser } from "~server/auth/session.server";
import { updateAccountInfo } from "~server/customers/account-info.server";
import { accountCards, removeAccountCard } from "~server/customers/cards.server";
import { accountShippingInfo, updateAccountShippingInfo } from "~server/customers/shipping.server";
import type { ShopContext } from "~server/http/context.server";
import { deliver } from "~server/http/streaming.server";
import {
  accountMemberships,
  cardUpdatePath,
  changeAccountMembership,
} from "~server/memberships/account.server";
import { accountOrders } from "~server/orders/history.server";
import { requestAccountReturn } from "~server/orders/returns.server";
import { type PaymentServices, paymentServices } from "~server/payments/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/account";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Your Account",
    description: "Your orders, memberships, shipping information and saved cards.",
  });

const privatePage = { "Cache-Control": "private, no-store" };

export const headers = answerHeaders;

/** A tab's information, or the news that it failed (logged here, shown as the tab's error text). */
async function loaded<T>(
  services: ShopContext,
  tab: AccountTab,
  read: Promise<T>,
): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await read };
  } catch (error) {
    services.log.error({ err: error, tab }, "account tab could not be loaded");
    return { ok: false };
  }
}

/** The open tab's information; after a navigation, streamed ('Loading your account information'). */
async function tabContent(
  request: Request,
  services: PaymentServices,
  user: SignedInUser,
  tab: AccountTab,
) {
  const load = async <T,>(read: Promise<T>) =>
    (await deliver(request, loaded(services, tab, read))).value;
  switch (tab) {
    case "account-info":
      return { tab } as const;
    case "shipping-info":
      return { tab, shipping: await load(accountShippingInfo(services, user.id)) };
    case "payment-methods":
      return { tab, cards: await load(accountCards(services, user.id)) };
    case "orders":
      return { tab, orders: await load(accountOrders(services.db, user.id)) };
    case "memberships":
      return {
        tab,
        memberships: await load(accountMemberships(services, user.id)),
        step: membershipStepOf(new URL(request.url).searchParams),
      };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context);
  const { user } = session;
  const tab = accountTabOf(new URL(request.url).searchParams.get("tab"));
  const profile = { firstName: user.firstName, lastName: user.lastName, email: user.email };
  const content = await tabContent(request, paymentServices(context), user, tab);
  return data(
    {
      profile,
      newAccount: isNewAccount(session, new Date()),
      emailVerified: user.emailVerified,
      content,
    },
    { headers: privatePage },
  );
}

/** Opening or closing the shipping form changes only `edit`: the information is still fresh. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod) return defaultShouldRevalidate;
  const withoutEdit = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("edit");
    return `${url.pathname}?${params}`;
  };
  return withoutEdit(currentUrl) === withoutEdit(nextUrl) ? false : defaultShouldRevalidate;
};

/** A tab's or the banner's answer; a rate limit's refusal says when to try again. */
function answer(outcome: { ok: true } | Failure, alert: string, target?: string) {
  if (outcome.ok)
    return data<AccountActionResult>({ ok: true, alert, target }, { headers: privatePage });
  const result: AccountActionResult = { ok: false, error: outcome.error, target };
  return data(result, { status: outcome.status, headers: refusalHeaders(outcome, privatePage) });
}

const objectId = z.string().min(1).max(255);

function invalidRequest() {
  const result: AccountActionResult = {
    ok: false,
    error: { message: "This request is not valid", code: "INVALID_REQUEST" },
  };
  return data(result, { status: 400, headers: privatePage });
}

async function accountInfoAction(
  services: AuthServices & PaymentServices,
  request: Request,
  user: SignedInUser,
  form: FormData,
) {
  const changes = parseForm(accountInfoFields, form);
  if (!changes.ok) {
    return data<AccountInfoResult>(
      { fieldErrors: changes.fieldErrors },
      { status: 400, headers: privatePage },
    );
  }
  // Before JavaScript loads, the page's own modal asks for the current password.
  if (intentOf(form, accountIntents) === accountIntents.reviewAccountInfo)
    return data<AccountInfoResult>({ review: changes.values }, { headers: privatePage });
  const parsed = parseForm(reauthenticationFields, form);
  if (!parsed.ok) {
    return data<AccountInfoResult>(
      { fieldErrors: parsed.fieldErrors, review: changes.values },
      { status: 400, headers: privatePage },
    );
  }
  const outcome = await updateAccountInfo(services, request, user, {
    ...parsed.values,
    newPassword: parsed.values.newPassword || null,
  });
  if (!outcome.ok) {
    const result: AccountInfoResult = { error: outcome.error };
    if (outcome.error.code !== "EMAIL_ALREADY_IN_USE") result.review = changes.values;
    return data(result, { status: outcome.status, headers: refusalHeaders(outcome, privatePage) });
  }
  return redirectWithAlert(
    services,
    accountTabHref("account-info"),
    outcome.cookies,
    outcome.message,
  );
}

/** A member's change to a membership: its summary, or the cancellation's one offer. */
async function membershipAction(
  services: AuthServices & PaymentServices,
  user: SignedInUser,
  form: FormData,
  intent: string | null,
) {
  if (!isMembershipFormIntent(intent)) return invalidRequest();
  const parsed = parseMembershipForm(intent, form);
  if (!parsed) return invalidRequest();
  const outcome = await changeAccountMembership(
    { ...services, shopTimeZone: await readShopTimeZone(services.db, services.config) },
    user.id,
    parsed,
  );
  if (outcome.ok === "offer")
    return redirect(
      membershipStepHref(
        "offer",
        parsed.subscriptionItemId,
        parsed.request.kind === "cancel" ? parsed.request.reason : null,
      ),
    );
  return answer(
    outcome.ok ? { ok: true } : outcome,
    outcome.ok ? outcome.summary : "",
    parsed.subscriptionItemId,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const services = { ...authServices(context), ...paymentServices(context) };
  const form = await request.formData();
  switch (intentOf(form, accountIntents)) {
    case accountIntents.updateShipping: {
      const parsed = parseShippingForm(form);
      if (!parsed.ok) {
        const result: AccountActionResult = {
          ok: false,
          error: { message: "Please check the highlighted fields" },
          fieldErrors: parsed.fieldErrors,
        };
        return data(result, { status: 400, headers: privatePage });
      }
      const outcome = await updateAccountShippingInfo(services, user.id, parsed.shipping);
      return answer(outcome, "Shipping information updated");
    }
    case accountIntents.removeCard: {
      const cardId = objectId.safeParse(form.get("cardId"));
      if (!cardId.success) return invalidRequest();
      const outcome = await removeAccountCard(services, user.id, cardId.data);
      return answer(outcome, "Payment method removed successfully", cardId.data);
    }
    case accountIntents.resendVerification: {
      const outcome = await resendVerificationEmail(services, request, user);
      return answer(outcome, authAlerts.verificationEmailSent, accountIntents.resendVerification);
    }
    case accountIntents.updateCard: {
      const itemId = objectId.safeParse(form.get("subscriptionItemId"));
      if (!itemId.success) return invalidRequest();
      const path = await cardUpdatePath(services, user.id, itemId.data);
      return path ? redirect(path) : invalidRequest();
    }
    case accountIntents.cancelMembership:
      return membershipAction(services, user, form, accountIntents.cancelMembership);
    case accountIntents.pauseMembership:
    case accountIntents.resumeMembership:
    case accountIntents.skipDelivery:
    case accountIntents.changePlan:
    case accountIntents.changeQuantity:
    case accountIntents.moveBillingDate:
    case accountIntents.shipNow:
      return membershipAction(services, user, form, intentOf(form, accountIntents));
    case accountIntents.requestReturn: {
      const orderId = objectId.safeParse(form.get("orderId"));
      if (!orderId.success) return invalidRequest();
      const outcome = await requestAccountReturn(
        services.db,
        user.id,
        orderId.data,
        form.get("reason"),
      );
      return answer(outcome, "Return requested", orderId.data);
    }
    default:
      return accountInfoAction(services, request, user, form);
  }
}

type PageResult = AccountInfoResult | AccountActionResult | undefined;

function isAccountInfoResult(result: PageResult): result is AccountInfoResult {
  return result !== undefined && !("ok" in result);
}

function isAccountActionResult(result: PageResult): result is AccountActionResult {
  return result !== undefined && "ok" in result;
}

/** A form posted before JavaScript loaded: the answer comes with the page, for the tab or the banner. */
function pageResults(actionData: PageResult) {
  const result = isAccountActionResult(actionData) ? actionData : undefined;
  const forBanner = result !== undefined && isVerificationResult(result);
  return {
    accountInfo: isAccountInfoResult(actionData) ? actionData : undefined,
    tab: forBanner ? undefined : result,
    banner: forBanner ? result : undefined,
  };
}

function TabPanel({
  profile,
  content,
  results,
}: Pick<Route.ComponentProps["loaderData"], "profile" | "content"> & {
  results: ReturnType<typeof pageResults>;
}) {
  const location = useLocation();
  const pageResult = results.tab;
  switch (content.tab) {
    case "account-info":
      return (
        <AccountInfoTab key={location.key} profile={profile} pageResult={results.accountInfo} />
      );
    case "shipping-info":
      return <ShippingInfoTab shipping={content.shipping} pageResult={pageResult} />;
    case "payment-methods":
      return <PaymentMethodsTab cards={content.cards} pageResult={pageResult} />;
    case "orders":
      return <OrdersTab orders={content.orders} pageResult={pageResult} />;
    case "memberships":
      return (
        <MembershipsTab
          memberships={content.memberships}
          step={content.step}
          pageResult={pageResult}
        />
      );
  }
}

/** The tab a navigation is opening, while its information loads. */
function useOpeningTab(): AccountTab | null {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.location.pathname !== "/account") return null;
  return accountTabOf(new URLSearchParams(navigation.location.search).get("tab"));
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, newAccount, emailVerified, content } = loaderData;
  const { brand } = useRootData();
  const opening = useOpeningTab();
  const switching = opening !== null && opening !== content.tab;
  const results = pageResults(actionData);
  return (
    <section className="container-page py-10 sm:py-16">
      <p className="eyebrow">
        {accountGreeting({ firstName: profile.firstName, brandName: brand.name, newAccount })}
      </p>
      <h1 className="mt-2 text-4xl sm:text-5xl">Your Account</h1>
      {emailVerified ? null : (
        <VerifyEmailBanner
          email={profile.email}
          action={accountTabHref(content.tab)}
          pageResult={results.banner}
        />
      )}
      <div className="mt-8 grid gap-6 lg:mt-12 lg:grid-cols-[15rem_1fr] lg:gap-12">
        <AccountNav current={switching ? opening : content.tab} />
        <div className="min-w-0 rounded-2xl border border-olive-200 bg-white/60 p-5 shadow-sm sm:p-8">
          {switching ? (
            <AccountLoading />
          ) : (
            <TabPanel key={content.tab} profile={profile} content={content} results={results} />
          )}
        </div>
      </div>
    </section>
  );
}
