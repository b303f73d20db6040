import { authAlerts } from "~core/auth";
import type { AuthServices } from "../auth/context.server";
import { sendVerificationEmail } from "../auth/email-verification.server";
import {
  callAuth,
  type Failure,
  limitAttempt,
  type Outcome,
  requestHeaders,
} from "../auth/outcome.server";
import type { SignedInUser } from "../auth/session.server";
import {
  type AccountServices,
  paymentCustomersOf,
  renamePaymentCustomers,
} from "./payment-customers.server";
import { type Profile, restoreProfile, updateProfile } from "./profile.server";

export interface AccountInfoChange extends Profile {
  /** Null keeps the current password. */
  newPassword: string | null;
  currentPassword: string;
}

export type AccountInfoSaved = (typeof authAlerts)["accountUpdated" | "passwordUpdated"];

const emailInUse: Failure = {
  ok: false,
  error: { message: "Failed to update your account information", code: "EMAIL_ALREADY_IN_USE" },
  status: 409,
};

const paymentCustomerNotUpdated: Failure = {
  ok: false,
  error: {
    message: "Failed to update your account information",
    code: "PAYMENT_CUSTOMER_NOT_UPDATED",
  },
  status: 502,
};

const customerDetails = (profile: Profile) => ({
  name: `${profile.firstName} ${profile.lastName}`.trim(),
  email: profile.email.toLowerCase(),
});

/**
 * Name and e-mail change in the profile, then at each of the account's payment customers
 *. When the provider refuses, the previous profile and e-mail
 * are put back.
 */
async function saveProfile(
  services: AccountServices,
  userId: string,
  change: Profile,
): Promise<"updated" | Failure> {
  const customers = await paymentCustomersOf(services.db, userId);
  const saved = await updateProfile(services.db, userId, change);
  if (saved === "email-in-use") return emailInUse;
  try {
    await renamePaymentCustomers(services, customers, {
      current: customerDetails(change),
      previous: customerDetails(saved.previous),
    });
    return "updated";
  } catch (error) {
    services.log.error({ err: error, userId }, "payment customer refused the new details");
    await restoreProfile(services.db, userId, saved.previous);
    return paymentCustomerNotUpdated;
  }
}

function profileChanged(user: SignedInUser, change: Profile): boolean {
  return (
    user.firstName !== change.firstName ||
    user.lastName !== change.lastName ||
    user.email !== change.email.toLowerCase()
  );
}

/**
 * The new e-mail is not verified: its link goes there. The change stands even if the e-mail
 * cannot be queued (the account page offers to send it again), so that failure is only logged.
 */
async function sendNewEmailVerification(
  services: AuthServices,
  request: Request,
  email: string,
): Promise<void> {
  const sent = await sendVerificationEmail(services, request, email);
  if (!sent.ok) services.log.error({ error: sent.error }, "verification e-mail not sent");
}

/**
 * The account-info form: the current password first (it counts as a sign-in attempt), then the
 * name and e-mail together, then the password, which ends every other session.
 */
export async function updateAccountInfo(
  services: AuthServices & AccountServices,
  request: Request,
  user: SignedInUser,
  change: AccountInfoChange,
): Promise<Outcome<{ message: AccountInfoSaved }>> {
  const limited = await limitAttempt(services, "signIn", user.email);
  if (limited) return limited;
  const headers = requestHeaders(services, request);
  const verified = await callAuth(() =>
    services.auth.api.verifyPassword({
      body: { password: change.currentPassword },
      headers,
      returnHeaders: true,
    }),
  );
  if (!verified.ok) return verified;

  const updatesProfile = profileChanged(user, change);
  if (updatesProfile) {
    const saved = await saveProfile(services, user.id, change);
    if (saved !== "updated") return saved;
  }
  const email = change.email.toLowerCase();
  if (user.email !== email) await sendNewEmailVerification(services, request, email);
  const message =
    change.newPassword && !updatesProfile ? authAlerts.passwordUpdated : authAlerts.accountUpdated;
  if (!change.newPassword) return { ok: true, cookies: [], message };
  const { currentPassword, newPassword } = change;
  const changed = await callAuth(() =>
    services.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    }),
  );
  return changed.ok ? { ok: true, cookies: changed.cookies, message } : changed;
}
