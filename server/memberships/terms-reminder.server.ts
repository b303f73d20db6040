/**
 * The yearly reminder of a membership's terms: on each anniversary of its start, a membership
 * still billed e-mails its member the terms agreed to at sign-up and the way to cancel online,
 * once per membership year, however many billing runs see it.
 */
import { membershipYearsAt, termsReminderDue } from "~core/membership-rules";
import type { Database } from "../db/client.server";
import { enqueueTermsReminder } from "./mail.server";
import {
  lastTermsReminderYear,
  lockMembership,
  membershipsPastAnniversary,
  stateOf,
  termsReminded,
  writeMembership,
} from "./store.server";

/**
 * Sends the reminders due at `now` to the members the sandbox or Stripe bills; answers the
 * memberships reminded. Each is checked again under its row lock, so two runs at once send one.
 */
export async function sendTermsReminders(
  db: Database,
  now: Date,
  billedBy: "sandbox" | "stripe",
): Promise<string[]> {
  const reminded: string[] = [];
  for (const candidate of await membershipsPastAnniversary(db, now, billedBy)) {
    if (membershipYearsAt(candidate.startedAt, now) <= candidate.lastRemindedYear) continue;
    await db.transaction(async (tx) => {
      const row = await lockMembership(tx, candidate.subscriptionItemId);
      if (!row) return;
      const last = await lastTermsReminderYear(tx, row.subscriptionItemId);
      const year = termsReminderDue(row, row.createdAt, last, now);
      if (year === null) return;
      await enqueueTermsReminder(tx, row);
      await writeMembership(tx, row, stateOf(row), {
        kind: termsReminded,
        summary: `Its terms and how to cancel were e-mailed on its ${year === 1 ? "first" : `${year}-year`} anniversary.`,
        actor: "billing",
        request: { membershipYear: year },
      });
      reminded.push(row.subscriptionItemId);
    });
  }
  return reminded;
}
