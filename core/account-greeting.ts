/** How the account page greets its owner: a new customer is welcomed, a returning one welcomed back. */

/** After a day, even the session registration opened belongs to a returning customer. */
const newAccountDays = 1;

/**
 * Whether the account is new to its owner: this session is the one registration opened (the
 * session records it), and the account is less than a day old. Any later sign-in is a return.
 */
export function isNewAccount(
  {
    openedAtRegistration,
    accountCreatedAt,
  }: { openedAtRegistration: boolean; accountCreatedAt: Date },
  now: Date,
): boolean {
  const accountAge = now.getTime() - accountCreatedAt.getTime();
  return openedAtRegistration && accountAge < newAccountDays * 86_400_000;
}

/** 'Welcome to Troia Grove, Ada' for a new account, 'Welcome back, Ada' afterwards. */
export function accountGreeting({
  firstName,
  brandName,
  newAccount,
}: {
  firstName: string;
  brandName: string;
  newAccount: boolean;
}): string {
  const name = firstName || "friend";
  return newAccount ? `Welcome to ${brandName}, ${name}` : `Welcome back, ${name}`;
}
