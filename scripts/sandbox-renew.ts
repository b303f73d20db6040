// `npm run sandbox:renew`: the sandbox's billing run, the same one the shop runs by itself and
// the back office's clock runs: whatever fell due by the shop's billing time (reminders,
// renewals, retries, pauses and cancellations ending) is done once. `--days N` first moves the
// sandbox clock N days ahead, as the back office's 'Advance' does (audited as the server
// operator). Beside a shop on PostgreSQL it runs here (the run holds a database lease); beside a
// running shop on the embedded database, whose files only the shop may open, it asks that shop
// to run it (`POST /api/sandbox-billing` with a key derived from the shop's secret).
import { serverOperator } from "../server/audit/audit.server";
import { ConfigError, type ResolvedConfig } from "../server/config.server";
import { advanceAndBill, describeRun } from "../server/payments/sandbox/billing.server";
import {
  maxAdvanceDays,
  sandboxClockOffsetDays,
  sandboxRunKey,
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

function requireSandbox(config: ResolvedConfig) {
  if (config.payments.provider !== "sandbox") {
    throw new ConfigError("The shop uses Stripe: renewals come from Stripe's invoices.");
  }
}

async function throughRunningShop(config: ResolvedConfig) {
  requireSandbox(config);
  const address = `http://127.0.0.1:${config.port}/api/sandbox-billing`;
  const response = await fetch(address, {
    method: "POST",
    headers: {
      authorization: `Bearer ${sandboxRunKey(config.authSecret)}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ days: daysArgument() }),
  }).catch(() => {
    throw new ConfigError(
      `The embedded database is in use, and no shop answers at ${address}: set PORT to the shop's.`,
    );
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string; now?: string };
  if (!response.ok || !answer.message) {
    throw new ConfigError(
      `The running shop on port ${config.port} did not run the billing (HTTP ${response.status}).`,
    );
  }
  process.stdout.write(`Through the running shop, at ${answer.now}: ${answer.message}\n`);
}

await withConfiguredDatabase(async (database, config) => {
  requireSandbox(config);
  const days = daysArgument();
  const result = await advanceAndBill(
    {
      db: database.db,
      publicUrl: config.publicUrl,
      shopTimeZone: await readShopTimeZone(database.db, config),
    },
    serverOperator,
    { days, fromDays: await sandboxClockOffsetDays(database.db) },
  );
  if (result.outcome === "moved") throw new ConfigError("The clock moved meanwhile: run it again.");
  process.stdout.write(
    `Billing run at ${result.now.toISOString()}: ${describeRun(result.run, days)}\n`,
  );
}, throughRunningShop);
