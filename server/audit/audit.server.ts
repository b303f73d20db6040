/** The audit log: one append-only row for every action a member of staff takes. */
import type { AuditAction } from "~core/audit-actions";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema.server";

export interface AuditActor {
  id: string;
  email: string;
}

/**
 * The person who runs the server, acting from the command line (`npm run staff:reset-two-factor`)
 * rather than as a signed-in member of staff.
 */
export const serverOperator: AuditActor = {
  id: "server-operator",
  email: "Server operator (command line)",
};

export interface AuditEntry {
  /** What was done: `order.shipped`, `staff.two_factor_enrolled`. */
  action: AuditAction;
  subjectType: string;
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records an action. Pass the transaction that makes the change, so that the change and its
 * row are written together or not at all.
 */
export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
