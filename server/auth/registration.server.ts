import { enqueueMail } from "../mail/outbox.server";
import type { AuthServices } from "./context.server";
import { callAuth, limitAttempt, type Outcome, requestHeaders } from "./outcome.server";

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Creates the account with its profile, signs the shopper in and sends the welcome e-mail. */
export async function registerCustomer(
  services: AuthServices,
  request: Request,
  registration: Registration,
): Promise<Outcome<{ userId: string }>> {
  const limited = await limitAttempt(services, "signUp", registration.email);
  if (limited) return limited;
  const name = `${registration.firstName} ${registration.lastName}`;
  const created = await callAuth(() =>
    services.auth.api.signUpEmail({
      body: { ...registration, name, rememberMe: true },
      headers: requestHeaders(services, request),
      returnHeaders: true,
    }),
  );
  if (!created.ok) return created;
  await enqueueMail(services.db, {
    template: "new-account",
    to: created.response.user.email,
    payload: { customerName: name, customerFirstName: registration.firstName },
  });
  return { ok: true, cookies: created.cookies, userId: created.response.user.id };
}
