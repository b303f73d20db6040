// `npm run seed:orders -- --count 100000 [--seed 1] [--until 2026-12-31]`: adds sample orders to
// the configured database (DATABASE_URL, else the PGlite data directory; stop the shop first
// when it runs on the embedded database) for trying and measuring the back office. The same seed
// and end day give the same orders; running it twice adds nothing the second time. Refused when
// NODE_ENV=production.
import { parseArgs } from "node:util";
import { endOfDay, isIsoDay } from "~core/admin/days";
import { ConfigError } from "../server/config.server";
import { insertSampleOrders } from "../test/support/sample-orders";
import { withConfiguredDatabase } from "./with-database";

function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new ConfigError(`--${name} must be a whole number, not ${text}`);
  return Number(text);
}

function endOf(until: string | undefined): Date {
  if (until === undefined) return new Date();
  if (!isIsoDay(until)) {
    throw new ConfigError(`--until must be a day such as 2026-12-31, not ${until}`);
  }
  return endOfDay(until, "UTC");
}

function commandLine() {
  try {
    return parseArgs({
      options: {
        count: { type: "string", default: "1000" },
        seed: { type: "string", default: "1" },
        until: { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

function readOptions() {
  const values = commandLine();
  return {
    count: wholeNumber("count", values.count),
    seed: wholeNumber("seed", values.seed),
    end: endOf(values.until),
  };
}

await withConfiguredDatabase(async (database, config) => {
  if (config.isProduction) throw new ConfigError("Sample orders are refused in production.");
  const options = readOptions();
  const started = performance.now();
  const inserted = await insertSampleOrders(database.db, {
    ...options,
    onProgress: (done) => process.stdout.write(`\r${done} of ${options.count}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `\rAdded ${inserted} sample orders of ${options.count} (seed ${options.seed}) to ` +
      `${database.location} in ${seconds} s.\n`,
  );
});
