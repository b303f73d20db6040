// `npm run sandbox:renew`: the sandbox's billing run, the same one the shop runs by itself and
// the back office's clock runs: whatever fell due by the shop's billing time (reminders,
// renewals, retries, pauses and cancellations ending) is done once. `--days N` first moves the
// sandbox clock N days ahead, as the back office's 'Advance' does (audited as the server
// operator). It runs beside a shop on PostgreSQL (the run holds a database lease).
import { serverOperator } from "../server/audit/audit.server";
import { ConfigError } from "../server/config.server";
import { runSandboxBilling } from "../server/payments/sandbox/billing.server";
import {
  advanceSandboxClock,
  maxAdvanceDays,
  sandboxClockOffsetDays,
  sandboxNow,
} from "../server/payments/sandbox/clock.server";
import { readShopTimeZone } from "../server/settings/settings.server";
import { withConfiguredDatabase } from "./with-database";

function daysArgument(): number {
  const index = process.argv.indexOf("--days");
  if (index < 0) return 0;
  const days = Number(process.argv[index + 1]);
  if (!Number.isInteger(days) || days < 1 || days > maxAdvanceDays) {
    throw new ConfigError(`--days takes a whole number of days from 1 to ${maxAdvanceDays}`);
  }
  return days;
}

await withConfiguredDatabase(async (database, config) => {
  if (config.payments.provider !== "sandbox") {
    throw new ConfigError("The shop uses Stripe: renewals come from Stripe's invoices.");
  }
  const days = daysArgument();
  if (days > 0) {
    const fromDays = await sandboxClockOffsetDays(database.db);
    await advanceSandboxClock(database.db, serverOperator, { days, fromDays });
  }
  const now = await sandboxNow(database.db);
  const run = await runSandboxBilling(
    {
      db: database.db,
      publicUrl: config.publicUrl,
      shopTimeZone: await readShopTimeZone(database.db, config),
    },
    now,
  );
  const day = now.toISOString().slice(0, 10);
  process.stdout.write(
    run.ran
      ? `Billing run at ${day}: ${run.billed.length} renewal order(s)` +
          (run.billed.length > 0 ? ` (${run.billed.join(", ")})` : "") +
          `, ${run.declined.length} declined, ${run.skipped.length} skipped, ` +
          `${run.ended.length} ended, ${run.reminded.length} reminder(s).\n`
      : `Another instance is running the billing at ${day}; nothing was done twice.\n`,
  );
});
