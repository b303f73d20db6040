// `npm run staff:reset-two-factor -- EMAIL` on each engine: it turns off a member of staff's
// two-factor sign-in, ends their sessions and records it; anything else is refused, changing nothing.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverOperator } from "../server/audit/audit.server";
import { type DatabaseHandle, openDatabase } from "../server/db/client.server";
import { auditLog, sessions, twoFactors, users } from "../server/db/schema.server";
import { createScratchPostgresDatabase, testEngines } from "../test/support/database";

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const accounts = [
  { id: "owner-1", email: "owner@example.com", role: "owner", twoFactorEnabled: true },
  { id: "clerk-1", email: "clerk@example.com", role: "staff", twoFactorEnabled: false },
  { id: "customer-1", email: "shopper@example.com", role: "customer", twoFactorEnabled: false },
] as const;

describe.each(testEngines)("npm run staff:reset-two-factor on %s", (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-reset-"));
  let env: Record<string, string>;
  let dropDatabase = async () => {};

  const open = (): DatabaseHandle =>
    env.DATABASE_URL
      ? openDatabase({ kind: "postgresql", url: env.DATABASE_URL, maxConnections: 2 })
      : openDatabase({ kind: "pglite", dataDir });

  /** Works on the database while no script holds it (PGlite allows one process at a time). */
  async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = open();
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  async function reset(...args: string[]): Promise<Run> {
    const script = path.join(root, "scripts/staff-reset-two-factor.ts");
    try {
      const { stdout, stderr } = await promisify(execFile)(tsx, [script, ...args], {
        cwd: root,
        env,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
    }
  }

  beforeAll(async () => {
    env = { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    if (engine === "postgresql") {
      const scratch = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL ?? "");
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    await withDatabase(async ({ db, migrate }) => {
      await migrate();
      await db.insert(users).values(accounts.map((account) => ({ ...account, name: account.id })));
      await db.insert(twoFactors).values({
        id: "two-factor-1",
        userId: "owner-1",
        secret: "encrypted",
        backupCodes: "encrypted",
      });
      const expiresAt = new Date(Date.now() + 60 * 60_000);
      await db.insert(sessions).values(
        ["owner-1", "owner-1", "customer-1"].map((userId, index) => ({
          id: `session-${index}`,
          token: `token-${index}`,
          userId,
          expiresAt,
        })),
      );
    });
  }, 60_000);
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses without an e-mail, an unknown e-mail and a customer, changing nothing", async () => {
    const usage = await reset();
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("Usage: npm run staff:reset-two-factor -- EMAIL");
    const unknown = await reset("nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("There is no account with the e-mail nobody@example.com");
    const customer = await reset("shopper@example.com");
    expect(customer.code).toBe(1);
    expect(customer.stderr).toContain("shopper@example.com is not on the staff");

    await withDatabase(async ({ db }) => {
      expect(await db.select().from(auditLog)).toEqual([]);
      expect(await db.select().from(sessions)).toHaveLength(3);
    });
  }, 60_000);

  it("turns off the owner's two-factor sign-in, ends their sessions and records who did it", async () => {
    const done = await reset("Owner@Example.com");
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(
      "owner@example.com: two-factor sign-in turned off; 2 sessions ended; recorded in the audit log.",
    );

    await withDatabase(async ({ db }) => {
      const [owner] = await db.select().from(users).where(eq(users.id, "owner-1"));
      expect(owner).toMatchObject({ role: "owner", twoFactorEnabled: false });
      expect(await db.select().from(twoFactors)).toEqual([]);
      const left = await db.select({ userId: sessions.userId }).from(sessions);
      expect(left).toEqual([{ userId: "customer-1" }]);
      expect(await db.select().from(auditLog)).toMatchObject([
        {
          actorId: serverOperator.id,
          actorEmail: serverOperator.email,
          action: "staff.two_factor_reset",
          subjectType: "staff",
          subjectId: "owner-1",
          before: { email: "owner@example.com", twoFactorEnabled: true },
          after: { twoFactorEnabled: false, sessionsEnded: 2 },
        },
      ]);
    });
  }, 60_000);
});
