import { inArray, sql } from "drizzle-orm";
import type { DunningPolicy } from "~core/membership-rules";
import { defaultStandardShippingCents } from "~core/pricing";
import {
  defaultDunningSettings,
  dunningPolicyOf,
  type SettingKey,
  type SettingsChange,
  type ShopSettings,
  settingKeys,
  settingsChange,
  shopSettingsSchema,
} from "~core/settings";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { preparedPerDatabase } from "../db/prepared.server";
import { settings } from "../db/schema.server";

export type { ShopSettings } from "~core/settings";

const overrideSchema = shopSettingsSchema.partial();

type SettingsConfig = Pick<
  ResolvedConfig,
  "privateBeta" | "softLaunchCode" | "freeShippingMinCents" | "shopTimeZone"
>;

/** The environment's settings, before any owner override. */
export function defaultSettings(config: SettingsConfig): ShopSettings {
  return {
    privateBeta: config.privateBeta,
    softLaunchCode: config.softLaunchCode ?? null,
    freeShippingMinCents: config.freeShippingMinCents,
    standardShippingCents: defaultStandardShippingCents,
    shopTimeZone: config.shopTimeZone,
    ...defaultDunningSettings,
  };
}

/**
 * The effective settings: the owner's overrides from the `setting` table over the environment's
 * defaults (PRIVATE_BETA, SOFT_LAUNCH_CODE, FREE_SHIPPING_MIN, SHOP_TIMEZONE). A stored value of
 * the wrong shape is ignored, so a bad edit can never take the shop down. Read on every request
 * that needs them: every instance applies a change with its next request.
 */
export async function readShopSettings(
  db: Database,
  config: SettingsConfig,
): Promise<ShopSettings> {
  return applyOverrides(config, await readOverrides(db));
}

/** The shop's clock, as the owner set it. */
export async function readShopTimeZone(db: Database, config: SettingsConfig): Promise<string> {
  return (await readShopSettings(db, config)).shopTimeZone;
}

/** The dunning of the sandbox's renewals, as the owner set it (none of it comes from the environment). */
export async function readDunningPolicy(db: Database): Promise<DunningPolicy> {
  const dunning: Pick<ShopSettings, "dunningRetryDays" | "dunningFinally"> = {
    ...defaultDunningSettings,
  };
  for (const { key, value } of await readOverrides(db)) {
    const parsed = overrideSchema.pick({ dunningRetryDays: true, dunningFinally: true }).safeParse({
      [key]: value,
    });
    if (parsed.success) Object.assign(dunning, parsed.data);
  }
  return dunningPolicyOf(dunning);
}

type OverrideRow = { key: string; value: unknown };

const overrides = preparedPerDatabase((db) =>
  db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, settingKeys))
    .prepare("setting_overrides"),
);

async function readOverrides(db: Database): Promise<OverrideRow[]> {
  return await overrides(db).execute();
}

function applyOverrides(config: SettingsConfig, rows: OverrideRow[]): ShopSettings {
  const effective = defaultSettings(config);
  for (const { key, value } of rows) {
    const parsed = overrideSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(effective, parsed.data);
  }
  return effective;
}

/** Settings changes, and access code rotations, are made one at a time across every instance. */
export async function lockSettings(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-settings'))`);
}

export type SettingsSave =
  | { ok: true; changed: SettingKey[]; settings: ShopSettings }
  | (Extract<SettingsChange, { ok: false }> & { settings: ShopSettings });

/**
 * Saves the owner's form: the settings they changed since `loaded`, each with its audit row
 * (before and after), unless someone changed one of those meanwhile (see `settingsChange`).
 * Answers with the settings as they are after it.
 */
export async function saveShopSettings(
  db: Database,
  config: SettingsConfig,
  actor: AuditActor,
  form: { loaded: ShopSettings | null; submitted: ShopSettings },
): Promise<SettingsSave> {
  return await db.transaction(async (tx) => {
    await lockSettings(tx);
    const current = await readShopSettings(tx, config);
    const change = settingsChange(form.loaded, form.submitted, current);
    if (!change.ok) return { ...change, settings: current };
    for (const key of change.changed) {
      const value = form.submitted[key];
      await tx
        .insert(settings)
        .values({ key, value: sql`${JSON.stringify(value)}::jsonb` })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
      await recordAudit(tx, actor, {
        action: "setting.changed",
        subjectType: "setting",
        subjectId: key,
        before: { [key]: current[key] },
        after: { [key]: value },
      });
    }
    const saved = { ...current };
    for (const key of change.changed) Object.assign(saved, { [key]: form.submitted[key] });
    return { ok: true, changed: change.changed, settings: saved };
  });
}
