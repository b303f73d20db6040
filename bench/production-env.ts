import { randomBytes } from "node:crypto";

/** What a deployment sets: the benchmarks measure the shop as it runs in production. */
export function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ALLOW_SANDBOX_PAYMENTS: "on",
    BETA_ACCESS_CODE: randomBytes(9).toString("base64url"),
    RESTAURANT_ACCESS_CODE: randomBytes(9).toString("base64url"),
  };
}
