import type { Auth } from "./auth.server";

export interface OwnerCredentials {
  email: string;
  password: string;
}

/**
 * Makes the account of ADMIN_EMAIL exist with the owner role, ADMIN_PASSWORD as its password
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
        role: "owner",
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
  const isOwner = "role" in found.user && found.user.role === "owner";
  const { emailVerified } = found.user;
  if (passwordMatches && isOwner && emailVerified) return "unchanged";
  if (!isOwner || !emailVerified) {
    await internalAdapter.updateUser(userId, { role: "owner", emailVerified: true });
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
