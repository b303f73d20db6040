import type { Auth } from "./auth.server";

export interface OwnerCredentials {
  email: string;
  password: string;
}

/**
 * Makes the account of ADMIN_EMAIL exist with the admin role, ADMIN_PASSWORD as its password
 * and its e-mail verified (the operator typed it). A changed password also ends the owner's
 * open sessions.
 */
export async function ensureOwnerAccount(
  auth: Auth,
  owner: OwnerCredentials,
): Promise<"created" | "updated" | "unchanged"> {
  const { internalAdapter, password } = await auth.$context;
  const found = await internalAdapter.findUserByEmail(owner.email, { includeAccounts: true });
  if (!found) {
    const user = await internalAdapter.createUser(
      {
        name: "Shop Owner",
        email: owner.email.toLowerCase(),
        firstName: "Shop",
        lastName: "Owner",
        role: "admin",
        emailVerified: true,
      },
      { method: "admin" },
    );
    await internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await password.hash(owner.password),
    });
    return "created";
  }
  const userId = found.user.id;
  const credential = found.accounts.find((account) => account.providerId === "credential");
  const passwordMatches =
    credential?.password !== undefined &&
    credential.password !== null &&
    (await password.verify({ hash: credential.password, password: owner.password }));
  const isAdmin = "role" in found.user && found.user.role === "admin";
  const { emailVerified } = found.user;
  if (passwordMatches && isAdmin && emailVerified) return "unchanged";
  if (!isAdmin || !emailVerified) {
    await internalAdapter.updateUser(userId, { role: "admin", emailVerified: true });
  }
  if (!passwordMatches) {
    const hash = await password.hash(owner.password);
    if (credential) await internalAdapter.updatePassword(userId, hash);
    else
      await internalAdapter.linkAccount({
        userId,
        providerId: "credential",
        accountId: userId,
        password: hash,
      });
    await internalAdapter.deleteUserSessions(userId);
  }
  return "updated";
}
