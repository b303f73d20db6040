import { z } from "zod";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { settings } from "../db/schema.server";

/** The settings the owner may change at run time, as the shop applies them now. */
export interface ShopSettings {
  privateBeta: boolean;
  /** The promotion code behind the soft-launch modal; null means no modal. */
  softLaunchCode: string | null;
  freeShippingMinCents: number;
}

const overrideSchema = z
  .object({
    privateBeta: z.boolean(),
    // JSON null or an empty text turns the soft launch off.
    softLaunchCode: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .transform((code) => code || null),
    freeShippingMinCents: z.number().int().min(0).max(10_000_000),
  })
  .partial();

type SettingsConfig = Pick<
  ResolvedConfig,
  "privateBeta" | "softLaunchCode" | "freeShippingMinCents"
>;

/** The environment's settings, before any owner override. */
export function defaultSettings(config: SettingsConfig): ShopSettings {
  return {
    privateBeta: config.privateBeta,
    softLaunchCode: config.softLaunchCode ?? null,
    freeShippingMinCents: config.freeShippingMinCents,
  };
}

/**
 * The effective settings: the owner's overrides from the `setting` table over the environment's
 * defaults (PRIVATE_BETA, SOFT_LAUNCH_CODE, FREE_SHIPPING_MIN). A stored value of the wrong shape
 * is ignored, so a bad edit can never take the shop down.
 */
export async function readShopSettings(
  db: Database,
  config: SettingsConfig,
): Promise<ShopSettings> {
  return applyOverrides(config, await readOverrides(db));
}

type OverrideRow = { key: string; value: unknown };

async function readOverrides(db: Database): Promise<OverrideRow[]> {
  return await db.select({ key: settings.key, value: settings.value }).from(settings);
}

function applyOverrides(config: SettingsConfig, rows: OverrideRow[]): ShopSettings {
  const effective = defaultSettings(config);
  for (const { key, value } of rows) {
    const parsed = overrideSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(effective, parsed.data);
  }
  return effective;
}
