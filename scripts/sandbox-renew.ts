// `npm run sandbox:renew`: a month passes for the sandbox's memberships. Every active membership
// billed within the coming month is billed once, creating its renewal order and e-mail, as
// Stripe would over that month. `--due-now` bills only what is due today. Stop the shop first
// when it runs on the embedded database.
import { ConfigError } from "../server/config.server";
import { oneMonthAfter } from "../server/memberships/billing-date.server";
import { renewSandboxMemberships } from "../server/payments/sandbox/renew.server";
import { readShopTimeZone } from "../server/settings/settings.server";
import { withConfiguredDatabase } from "./with-database";

await withConfiguredDatabase(async (database, config) => {
  if (config.payments.provider !== "sandbox") {
    throw new ConfigError("The shop uses Stripe: renewals come from Stripe's invoices.");
  }
  const now = new Date();
  const asOf = process.argv.includes("--due-now") ? now : oneMonthAfter(now);
  const run = await renewSandboxMemberships(
    {
      db: database.db,
      publicUrl: config.publicUrl,
      shopTimeZone: await readShopTimeZone(database.db, config),
    },
    asOf,
  );
  const billed = run.billed.length;
  process.stdout.write(
    `Billed ${billed} membership${billed === 1 ? "" : "s"} due by ${asOf.toISOString().slice(0, 10)}` +
      (billed > 0 ? ` (renewal orders ${run.billed.join(", ")})` : "") +
      `; ${run.pastDue.length} without a saved card now past due.\n`,
  );
});
