/**
 * The access codes, stored as argon2id hashes in the `setting` table: the environment's codes
 * (BETA_ACCESS_CODE, RESTAURANT_ACCESS_CODE) seed a kind that has no row yet; after that only
 * the owner's rotation changes it. Every check reads the rows, so a rotated code stops working
 * at once on every instance.
 */
import { randomInt } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { type AccessCodeSettingKey, accessCodeSettingKeys } from "~core/settings";
import type { AccessKind } from "~core/storefront";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import { hashPassword, verifyPassword } from "../auth/password-hashing.server";
import type { ResolvedConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { settings } from "../db/schema.server";
import { lockSettings } from "../settings/settings.server";

type CodesConfig = Pick<ResolvedConfig, "accessCodes">;

const accessKinds: AccessKind[] = ["beta", "restaurant"];

/** A stored code: its hash, and when the owner last rotated it (null: the environment's). */
interface StoredCode {
  hash: string;
  rotatedAt: string | null;
}

function storedCodeOf(value: unknown): StoredCode | null {
  if (typeof value !== "object" || value === null) return null;
  const { hash, rotatedAt } = value as Record<string, unknown>;
  if (typeof hash !== "string") return null;
  return { hash, rotatedAt: typeof rotatedAt === "string" ? rotatedAt : null };
}

async function readStoredCodes(db: Database): Promise<Map<AccessKind, StoredCode>> {
  const keys: AccessCodeSettingKey[] = Object.values(accessCodeSettingKeys);
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  const codes = new Map<AccessKind, StoredCode>();
  for (const kind of accessKinds) {
    const stored = storedCodeOf(rows.find((row) => row.key === accessCodeSettingKeys[kind])?.value);
    if (stored) codes.set(kind, stored);
  }
  return codes;
}

async function writeStoredCode(db: Database, kind: AccessKind, code: StoredCode, replace: boolean) {
  const insert = db
    .insert(settings)
    .values({ key: accessCodeSettingKeys[kind], value: sql`${JSON.stringify(code)}::jsonb` });
  await (replace
    ? insert.onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      })
    : insert.onConflictDoNothing());
}

/**
 * The stored codes, the environment's seeded first for a kind without a row. Instances seeding
 * together write one row each kind: the first insert wins and the others read it.
 */
export async function storedAccessCodes(
  db: Database,
  config: CodesConfig,
): Promise<Map<AccessKind, StoredCode>> {
  const codes = await readStoredCodes(db);
  const unseeded = accessKinds.filter((kind) => !codes.has(kind) && config.accessCodes[kind]);
  if (unseeded.length === 0) return codes;
  for (const kind of unseeded) {
    const hash = await hashPassword(config.accessCodes[kind] ?? "");
    await writeStoredCode(db, kind, { hash, rotatedAt: null }, false);
  }
  return await readStoredCodes(db);
}

/** Which of `kinds` `code` grants, the first that matches; null for none. */
export async function accessCodeGrant(
  db: Database,
  config: CodesConfig,
  code: string,
  kinds: readonly AccessKind[],
): Promise<AccessKind | null> {
  const codes = await storedAccessCodes(db, config);
  for (const kind of kinds) {
    const stored = codes.get(kind);
    if (stored && (await verifyPassword({ hash: stored.hash, password: code }))) return kind;
  }
  return null;
}

/** What the settings page shows of a code: never the code, only whether and when it changed. */
export interface AccessCodeState {
  kind: AccessKind;
  /** Whether a code opens this access at all. */
  isSet: boolean;
  /** When the owner last rotated it; null while it is the environment's. */
  rotatedAt: string | null;
}

export async function accessCodeStates(
  db: Database,
  config: CodesConfig,
): Promise<AccessCodeState[]> {
  const codes = await storedAccessCodes(db, config);
  return accessKinds.map((kind) => ({
    kind,
    isSet: codes.has(kind),
    rotatedAt: codes.get(kind)?.rotatedAt ?? null,
  }));
}

/** Lower-case letters and digits that cannot be read as one another (no l, 1, o, 0). */
const codeAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";

/** A new code of 12 characters (about 60 bits) in three groups: `k7mq-2pxa-9tre`. */
export function newAccessCode(): string {
  const characters = Array.from(
    { length: 12 },
    () => codeAlphabet[randomInt(codeAlphabet.length)] ?? "",
  );
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join("")).join("-");
}

export type AccessCodeRotation =
  | { ok: true; code: string; rotatedAt: string }
  /** The code was rotated since the page was opened (a second press, another owner). */
  | { ok: false; rotatedAt: string | null };

/**
 * Replaces the `kind` code with a new one, returned once and stored only as its hash, with an
 * audit row that records when, never the code. `seenRotatedAt` is when the code had last been
 * rotated as the page showed it: a form sent again after a rotation changes nothing, so the
 * code the owner was shown is the one that works.
 */
export async function rotateAccessCode(
  db: Database,
  config: CodesConfig,
  actor: AuditActor,
  kind: AccessKind,
  seenRotatedAt: string | null,
): Promise<AccessCodeRotation> {
  const code = newAccessCode();
  const hash = await hashPassword(code);
  await storedAccessCodes(db, config);
  return await db.transaction(async (tx) => {
    await lockSettings(tx);
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, accessCodeSettingKeys[kind]));
    const before = storedCodeOf(row?.value)?.rotatedAt ?? null;
    if (before !== seenRotatedAt) return { ok: false, rotatedAt: before };
    const rotatedAt = new Date().toISOString();
    await writeStoredCode(tx, kind, { hash, rotatedAt }, true);
    await recordAudit(tx, actor, {
      action: "setting.access_code_rotated",
      subjectType: "setting",
      subjectId: accessCodeSettingKeys[kind],
      before: { rotatedAt: before },
      after: { rotatedAt },
    });
    return { ok: true, code, rotatedAt };
  });
}
