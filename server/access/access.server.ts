import { z } from "zod";
import { type Access, type AccessKind, noAccess } from "~core/storefront";
import { field, messages, validators } from "~core/validation";
import type { ResolvedConfig } from "../config.server";
import type { ShopContext } from "../http/context.server";
import { isHttps } from "../http/cookies.server";
import { consumeRateLimit, type RateLimit } from "../http/rate-limit.server";
import { signedCookie } from "../http/signed-cookie.server";
import { accessCodeGrant } from "./access-codes.server";

/** At most 10 code checks per client in 10 minutes. */
export const accessCodeRateLimit: RateLimit = { limit: 10, windowMs: 10 * 60_000 };

/**
 * At most 100 code checks in 10 minutes from all clients together: the code space is small, and
 * a guesser with many addresses must not get through it. Past it, every client waits.
 */
export const accessCodeGlobalRateLimit: RateLimit = { limit: 100, windowMs: 10 * 60_000 };

export const accessMessages = {
  incorrect: "Incorrect access code",
  granted: { beta: "Early access granted", restaurant: "Restaurant access granted" },
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
} as const;

const accessSchema = z.object({ beta: z.boolean(), restaurant: z.boolean() });

function accessCookie(config: Pick<ResolvedConfig, "authSecret" | "publicUrl">) {
  return signedCookie("access", accessSchema, {
    secret: config.authSecret,
    maxAgeSeconds: 365 * 24 * 60 * 60,
    https: isHttps(config),
  });
}

/**
 * The access granted to this browser, from the signed cookie in a request's Cookie header; a
 * forged cookie grants nothing.
 */
export function readAccessCookie(
  cookieHeader: string | null | undefined,
  config: Pick<ResolvedConfig, "authSecret" | "publicUrl">,
): Access {
  return accessCookie(config).read(cookieHeader) ?? noAccess;
}

/** The restaurant code opens the beta too, so the beta's form takes either code. */
const grantedBy: Record<AccessKind, readonly AccessKind[]> = {
  restaurant: ["restaurant"],
  beta: ["restaurant", "beta"],
};

const submissionSchema = z.object({
  kind: z.enum(["beta", "restaurant"]),
  accessCode: field(validators.accessCode),
});

export type AccessSubmission =
  | { ok: true; granted: AccessKind; message: string; setCookie: string }
  | { ok: false; error: string; status: 400 }
  | { ok: false; error: string; status: 429; retryAfterSeconds: number };

/** Counts the attempt per client and across all clients; the wait when either limit is reached. */
async function accessCodeLimitReached(
  services: Pick<ShopContext, "db" | "clientIp">,
): Promise<{ retryAfterSeconds: number } | null> {
  const [client, everyone] = await Promise.all([
    consumeRateLimit(services.db, `access-code:${services.clientIp}`, accessCodeRateLimit),
    consumeRateLimit(services.db, "access-code:all-clients", accessCodeGlobalRateLimit),
  ]);
  const refused = [client, everyone].filter((limit) => !limit.allowed);
  if (refused.length === 0) return null;
  return { retryAfterSeconds: Math.max(...refused.map((limit) => limit.retryAfterSeconds)) };
}

/** Checks a submitted access code, rate-limited per client and overall, and grants access by cookie. */
export async function submitAccessCode(
  request: Request,
  form: Record<string, unknown>,
  services: Pick<ShopContext, "config" | "db" | "clientIp">,
): Promise<AccessSubmission> {
  const parsed = submissionSchema.safeParse(form);
  if (!parsed.success) {
    return { ok: false, error: messages.accessCode, status: 400 };
  }
  const limited = await accessCodeLimitReached(services);
  if (limited) {
    const minutes = Math.max(1, Math.ceil(limited.retryAfterSeconds / 60));
    return { ok: false, error: accessMessages.tooManyAttempts(minutes), status: 429, ...limited };
  }
  const granted = await accessCodeGrant(
    services.db,
    services.config,
    parsed.data.accessCode,
    grantedBy[parsed.data.kind],
  );
  if (!granted) return { ok: false, error: accessMessages.incorrect, status: 400 };
  const current = readAccessCookie(request.headers.get("Cookie"), services.config);
  const access: Access =
    granted === "restaurant" ? { beta: true, restaurant: true } : { ...current, beta: true };
  return {
    ok: true,
    granted,
    message: accessMessages.granted[granted],
    setCookie: accessCookie(services.config).write(access),
  };
}
