import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "../core/dates";

/** Raised when the environment cannot start the shop; its message is one line. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const onOff = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((value) => value === "on" || value === "true" || value === "1");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const dollarsToCents = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, "must be an amount in dollars, like 100 or 99.50")
  .transform((value) => Math.round(Number(value) * 100));

const accessCode = z.string().trim().min(6, "must be at least 6 characters").optional();

/** What Express's `trust proxy` accepts besides a hop count: addresses, subnets, named ranges. */
const proxyAddress = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

/**
 * TRUST_PROXY: `off` (the connection's address is the client's), the number of proxies in front
 * of the shop, or a comma-separated list of their addresses. The client is then the right-most
 * address of X-Forwarded-For that is not a trusted proxy, as Express's `trust proxy` resolves it.
 */
const trustedProxies = z
  .string()
  .trim()
  .transform((value, ctx): TrustedProxies => {
    if (["off", "false", "0"].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(",").map((part) => part.trim());
    if (addresses.every((address) => proxyAddress.test(address))) return addresses;
    ctx.addIssue({
      code: "custom",
      message:
        "must be off, the number of proxies in front of the shop (such as 1), or their addresses separated by commas",
    });
    return z.NEVER;
  });

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole port number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    BRAND_NAME: z.string().trim().min(1).max(60).default("Troia Grove"),
    SUPPORT_EMAIL: z.email({ error: "must be an e-mail address" }).default("hello@troiagrove.com"),
    BETA_ACCESS_CODE: accessCode,
    RESTAURANT_ACCESS_CODE: accessCode,
    PRIVATE_BETA: onOff.default(false),
    SOFT_LAUNCH_CODE: optionalText,
    FREE_SHIPPING_MIN: dollarsToCents.default(10000),
    PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
    ALLOW_SANDBOX_PAYMENTS: onOff.default(false),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return url.pathname === "/" && !url.search && !url.hash && !url.username;
      }, "must be an origin only, like http://127.0.0.1:12111")
      .optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: optionalText,
    MAIL_CLAIM_SECONDS: z.coerce
      .number({ error: "must be a number of seconds" })
      .int("must be a whole number of seconds")
      .min(5, "must be at least 5 seconds")
      .default(300),
    AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().min(10, "must be at least 10 characters").optional(),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    METRICS_TOKEN: z.string().trim().min(20, "must be at least 20 characters").optional(),
    SHOP_TIMEZONE: z
      .string()
      .trim()
      .refine(isTimeZone, "must be an IANA time zone, like America/Los_Angeles or UTC")
      .default("America/Los_Angeles"),
    INSTAGRAM_HANDLE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._]{1,30}$/, "must be an Instagram user name")
      .default("troiagrove"),
    TRUST_PROXY: trustedProxies.default(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  })
  .superRefine((env, ctx) => {
    const provider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
    if (provider === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "is required" });
    }
    if (provider === "stripe" && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required" });
    }
    const isProduction = env.NODE_ENV === "production";
    if (provider === "sandbox" && isProduction && !env.ALLOW_SANDBOX_PAYMENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "is the sandbox, which is refused in production unless ALLOW_SANDBOX_PAYMENTS=on",
      });
    }
    if (isProduction && env.STRIPE_API_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_URL"],
        message: "is refused in production, which always talks to Stripe itself",
      });
    }
    if (isProduction && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production" });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with the other admin variable",
      });
    }
  });

type Environment = z.infer<typeof environmentSchema>;

export const demoAccessCodes = { beta: "grove-beta", restaurant: "chef-2026" } as const;

/** The owner account of a demo shop (development only, without ADMIN_EMAIL). */
export const demoOwner = { email: "owner@troiagrove.test", password: "grove-owner-2026" } as const;

/** Where the Stripe API is reached: a local stand-in outside production, Stripe's own when unset. */
export interface StripeApi {
  host: string;
  port: number;
  protocol: "http" | "https";
}

function stripeApi(url: string | undefined): StripeApi | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === "https:" ? "https" : "http";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === "https" ? 443 : 80,
    protocol,
  };
}

/** Which proxies' X-Forwarded-For entries are believed: none, a hop count, or their addresses. */
export type TrustedProxies = false | number | string[];

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: Environment["NODE_ENV"];
  isProduction: boolean;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  brandName: string;
  supportEmail: string;
  accessCodes: { beta: string | undefined; restaurant: string | undefined };
  /** True when the access codes are the built-in demo ones (development only). */
  usesDemoAccessCodes: boolean;
  privateBeta: boolean;
  softLaunchCode: string | undefined;
  freeShippingMinCents: number;
  /** The shop's time zone until the owner sets another in the back office's settings. */
  shopTimeZone: string;
  payments:
    | { provider: "sandbox" }
    | { provider: "stripe"; secretKey: string; webhookSecret: string; api: StripeApi | undefined };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** How long an instance holds the messages it claimed: a crashed one's are sent after it. */
    claimLeaseMs: number;
  };
  authSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  /** True when `admin` is the built-in demo owner (development only). */
  usesDemoOwner: boolean;
  oauth: { google: OAuthClient | undefined; facebook: OAuthClient | undefined };
  instagramHandle: string;
  trustProxy: TrustedProxies;
  logLevel: NonNullable<Environment["LOG_LEVEL"]>;
  /** The bearer token `/metrics` asks for; without one, `/metrics` does not exist. */
  metricsToken: string | undefined;
}

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? "environment");
  const given = env[name];
  const shown = given === undefined || /SECRET|PASSWORD|KEY/.test(name) ? "" : ` (got "${given}")`;
  return `${name} ${issue.message}${shown}`;
}

function oauthClient(id: string | undefined, secret: string | undefined): OAuthClient | undefined {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

/** Reads the shop's configuration from environment variables. Pure: no file or network access. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as it does in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = environmentSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => describeIssue(issue, present));
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === "production";
  const useDemoCodes = !isProduction;
  const brandName = e.BRAND_NAME;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    brandName,
    supportEmail: e.SUPPORT_EMAIL,
    accessCodes: {
      beta: e.BETA_ACCESS_CODE ?? (useDemoCodes ? demoAccessCodes.beta : undefined),
      restaurant:
        e.RESTAURANT_ACCESS_CODE ?? (useDemoCodes ? demoAccessCodes.restaurant : undefined),
    },
    usesDemoAccessCodes: useDemoCodes && (!e.BETA_ACCESS_CODE || !e.RESTAURANT_ACCESS_CODE),
    privateBeta: e.PRIVATE_BETA,
    softLaunchCode: e.SOFT_LAUNCH_CODE,
    freeShippingMinCents: e.FREE_SHIPPING_MIN,
    shopTimeZone: e.SHOP_TIMEZONE,
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.PAYMENT_PROVIDER !== "sandbox"
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: stripeApi(e.STRIPE_API_URL),
          }
        : { provider: "sandbox" },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${brandName} <${e.SUPPORT_EMAIL}>`,
      claimLeaseMs: e.MAIL_CLAIM_SECONDS * 1000,
    },
    authSecret: e.AUTH_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : isProduction
          ? undefined
          : { ...demoOwner },
    usesDemoOwner: !isProduction && !e.ADMIN_EMAIL,
    oauth: {
      google: oauthClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      facebook: oauthClient(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    },
    instagramHandle: e.INSTAGRAM_HANDLE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "warn" : "info"),
    metricsToken: e.METRICS_TOKEN,
  };
}

/**
 * Outside production a missing AUTH_SECRET is generated once and kept in DATA_DIR,
 * so that sessions survive restarts without any set-up.
 */
export function ensureAuthSecret(config: Config): Config & { authSecret: string } {
  if (config.authSecret) return { ...config, authSecret: config.authSecret };
  if (config.isProduction)
    throw new ConfigError("Invalid configuration: AUTH_SECRET is required in production");
  const file = path.join(config.dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx" });
    chmodSync(file, 0o600);
  }
  return { ...config, authSecret: readFileSync(file, "utf8").trim() };
}

export type ResolvedConfig = ReturnType<typeof ensureAuthSecret>;

/** The configuration of this process, with its development secret in place. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ResolvedConfig {
  return ensureAuthSecret(parseConfig(env));
}
