// `npm run bench:admin`: the back office's orders inbox and its CSV export at 100,000 orders, and
// its home and referral report over 90 days with 1,000,000 analytics events, on PGlite and on
// PostgreSQL.
//
// Each engine gets a database of its own, seeded with BENCH_ORDERS sample orders (100,000 by
// default; analysed on PostgreSQL, as its autovacuum would); then each kind of inbox query runs BENCH_RUNS times (30 by default)
// after two unmeasured runs, and p50 and p95 are printed against the target (p95 ≤ 200 ms).
// Then the orders are exported as CSV through the function the download uses, read to the end
// as a client would, and the time and the peak growth of the process's resident memory over its
// size at the start of the export are printed against the target (≤ 100 MB). On PGlite the
// database runs in the same process, so its memory counts too.
//
// The home and the report (target p95 ≤ 300 ms on PostgreSQL, ≤ 600 ms on PGlite) are measured
// after BENCH_EVENTS events (1,000,000 by default) spread over the orders' two years: page views,
// adds to cart, checkouts, payments and referral visits of visitors of about eight events each.
//
// PGlite: a fresh data directory under the system's temporary folder, deleted afterwards.
// PostgreSQL: only when BENCH_DATABASE_URL or DATABASE_URL names a server; the benchmark creates a
// database of its own there and drops it afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { desc, sql } from "drizzle-orm";
import { defaultOrdersQuery, type OrdersQuery } from "~core/admin/orders-query";
import { shopDate } from "~core/dates";
import { type InsightPeriod, lastDays, periodOf } from "~core/insight";
import { ordersCsv } from "../server/admin/orders-export.server";
import { findInboxOrders } from "../server/admin/orders-inbox.server";
import { parseConfig } from "../server/config.server";
import { type DatabaseHandle, openDatabase } from "../server/db/client.server";
import { orders } from "../server/db/schema.server";
import { insightHome, sourcesReport } from "../server/insight/dashboard.server";
import { createPostgresDatabase } from "../test/support/database";
import { insertSampleOrders } from "../test/support/sample-orders";

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const eventCount = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const insightTargetP95Ms = { pglite: 600, postgresql: 300 } as const;
const runs = Number(process.env.BENCH_RUNS ?? 30);
const warmUpRuns = 2;
const targetP95Ms = 200;
const targetRssGrowthMb = 100;
const rssSampleMs = 10;
const dayMs = 24 * 60 * 60 * 1000;
/** The days of the filters are the shop's, as configured. */
const { shopTimeZone } = parseConfig(process.env);

interface Opened {
  handle: DatabaseHandle;
  dispose: () => Promise<void>;
}

async function openPglite(): Promise<Opened> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-admin-"));
  const handle = openDatabase({ kind: "pglite", dataDir });
  await handle.migrate();
  return {
    handle,
    dispose: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(serverUrl: string): Promise<Opened> {
  const database = await createPostgresDatabase(serverUrl);
  return { handle: database, dispose: () => database.dispose() };
}

/** The inbox queries a member of staff makes, with search words taken from the seeded orders. */
async function inboxQueries(handle: DatabaseHandle): Promise<Array<[string, OrdersQuery]>> {
  const [sample] = await handle.db
    .select()
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .offset(500);
  if (!sample) throw new Error("no orders to search for");
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * dayMs).toISOString().slice(0, 10);
  const query = (overrides: Partial<OrdersQuery>) => ({ ...defaultOrdersQuery, ...overrides });
  return [
    ["no filter", query({})],
    ["unfulfilled", query({ fulfilment: "unfulfilled" })],
    ["delivered", query({ fulfilment: "delivered" })],
    ["partially refunded", query({ payment: "partially_refunded" })],
    [
      "shipped, partially refunded",
      query({ fulfilment: "shipped", payment: "partially_refunded" }),
    ],
    ["renewals picked up", query({ kind: "renewal", pickup: "only" })],
    ["last 30 days", query({ from: monthAgo, to: today })],
    [`number prefix ${sample.id.slice(0, 3)}`, query({ q: sample.id.slice(0, 3) })],
    [`e-mail ${sample.email.split("@")[0]}`, query({ q: sample.email.split("@")[0] })],
    [`name ${sample.lastName}`, query({ q: sample.lastName })],
    [
      `full name ${sample.firstName} ${sample.lastName}`,
      query({ q: `${sample.firstName} ${sample.lastName}` }),
    ],
    ["one letter a", query({ q: "a" })],
    ["page 200", query({ page: 200 })],
    ["largest totals", query({ sort: "total-desc" })],
  ];
}

function percentile(sortedMs: number[], fraction: number): number {
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] ?? Number.NaN;
}

async function measure(handle: DatabaseHandle, query: OrdersQuery) {
  let total = 0;
  for (let run = 0; run < warmUpRuns; run++) await findInboxOrders(handle.db, query, shopTimeZone);
  const timesMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    total = (await findInboxOrders(handle.db, query, shopTimeZone)).total;
    timesMs.push(performance.now() - started);
  }
  timesMs.sort((a, b) => a - b);
  return { total, p50: percentile(timesMs, 0.5), p95: percentile(timesMs, 0.95) };
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/**
 * Reads the CSV export of `query` to its end, sampling the resident memory every few
 * milliseconds and after every chunk.
 */
async function measureExport(handle: DatabaseHandle, query: OrdersQuery) {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, rssSampleMs);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const reader = ordersCsv(handle.db, query, shopTimeZone).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      for (const byte of chunk.value) if (byte === 0x0a) lines++;
      sample();
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    orders: lines - 1,
    seconds: (performance.now() - started) / 1000,
    sizeMb: megabytes(bytes),
    growthMb: megabytes(peakRss - startRss),
  };
}

const exportQueries: Array<[string, OrdersQuery]> = [
  ["every order, newest first", defaultOrdersQuery],
  [
    "delivered, largest total first",
    { ...defaultOrdersQuery, fulfilment: "delivered", sort: "total-desc" },
  ],
];

async function benchmarkExports(handle: DatabaseHandle): Promise<boolean> {
  process.stdout.write(
    "\n| CSV export | orders | MB | seconds | RSS growth MB | |\n|---|---:|---:|---:|---:|---|\n",
  );
  let allMet = true;
  for (const [name, query] of exportQueries) {
    const { orders: count, seconds, sizeMb, growthMb } = await measureExport(handle, query);
    const met = growthMb <= targetRssGrowthMb;
    allMet &&= met;
    process.stdout.write(
      `| ${name} | ${count} | ${sizeMb.toFixed(1)} | ${seconds.toFixed(1)} | ${growthMb.toFixed(1)} | ${met ? "ok" : "MISSES target"} |\n`,
    );
  }
  return allMet;
}

/**
 * PostgreSQL's autovacuum analyses a table that grew this much; PGlite runs no background work,
 * so a shop on PGlite plans its queries without statistics, and so does the benchmark.
 */
async function seed(handle: DatabaseHandle): Promise<void> {
  const started = performance.now();
  await insertSampleOrders(handle.db, { count: orderCount, seed: 1, end: new Date() });
  if (handle.engine === "postgresql") await handle.db.execute(sql`analyze`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const analysed = handle.engine === "postgresql" ? "analysed" : "not analysed";
  process.stdout.write(`seeded ${orderCount} orders (${analysed}) in ${seconds} s\n\n`);
}

/** Analytics events over the last two years, written by the database itself. */
async function seedEvents(handle: DatabaseHandle): Promise<void> {
  const started = performance.now();
  await handle.db.execute(sql`
    insert into analytics_event (category, name, label, path, visitor_id, created_at)
    select
      case when g % 8 = 7 then 'revenue' when g % 8 in (5, 6) then 'intent' else 'engagement' end,
      (array['page_view', 'page_view', 'page_view', 'page_view', 'affiliate_visit', 'add_to_cart', 'checkout_click', 'purchase'])[1 + g % 8],
      case when g % 8 = 4 then 'ref-' || (g % 20) end,
      (array['/', '/our-olive-oils', '/academy', '/community/maria-papadopoulos', '/cart'])[1 + g % 5],
      md5((g / 8)::text)::uuid::text,
      now() - (${eventCount} - g) * (interval '730 days' / ${eventCount})
    from generate_series(1, ${eventCount}) as g`);
  if (handle.engine === "postgresql") await handle.db.execute(sql`analyze analytics_event`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`seeded ${eventCount} events in ${seconds} s\n\n`);
}

async function timed(run: () => Promise<unknown>) {
  for (let index = 0; index < warmUpRuns; index++) await run();
  const timesMs: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    timesMs.push(performance.now() - started);
  }
  timesMs.sort((a, b) => a - b);
  return { p50: percentile(timesMs, 0.5), p95: percentile(timesMs, 0.95) };
}

/** The home and the report as their pages ask for them, for the usual periods. */
async function benchmarkInsight(handle: DatabaseHandle): Promise<boolean> {
  await seedEvents(handle);
  const target = insightTargetP95Ms[handle.engine];
  const today = shopDate(new Date(), shopTimeZone);
  const period = (choice: "today" | "30d" | "90d", days: number): InsightPeriod =>
    periodOf(choice, lastDays(today, days));
  const pages: Array<[string, () => Promise<unknown>]> = [
    ["home, today", () => insightHome(handle.db, period("today", 1), shopTimeZone)],
    ["home, 30 days", () => insightHome(handle.db, period("30d", 30), shopTimeZone)],
    ["home, 90 days", () => insightHome(handle.db, period("90d", 90), shopTimeZone)],
    ["report, 90 days", () => sourcesReport(handle.db, period("90d", 90).current, shopTimeZone)],
  ];
  process.stdout.write(
    `| home and report (target p95 ≤ ${target} ms) | p50 ms | p95 ms | |\n|---|---:|---:|---|\n`,
  );
  let allMet = true;
  for (const [name, run] of pages) {
    const { p50, p95 } = await timed(run);
    const met = p95 <= target;
    allMet &&= met;
    process.stdout.write(
      `| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${met ? "ok" : "MISSES target"} |\n`,
    );
  }
  return allMet;
}

async function benchmark(engine: string, open: () => Promise<Opened>): Promise<boolean> {
  process.stdout.write(`\n## ${engine}\n`);
  const opened = await open();
  try {
    await seed(opened.handle);
    process.stdout.write("| query | matches | p50 ms | p95 ms | |\n|---|---:|---:|---:|---|\n");
    let allMet = true;
    for (const [name, query] of await inboxQueries(opened.handle)) {
      const { total, p50, p95 } = await measure(opened.handle, query);
      const met = p95 <= targetP95Ms;
      allMet &&= met;
      process.stdout.write(
        `| ${name} | ${total} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${met ? "ok" : "MISSES target"} |\n`,
      );
    }
    const exportsMet = await benchmarkExports(opened.handle);
    process.stdout.write("\n");
    return (await benchmarkInsight(opened.handle)) && exportsMet && allMet;
  } finally {
    await opened.dispose();
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
process.stdout.write(
  `# Orders inbox benchmark (Node ${process.version}, ${availableParallelism()} cores, load ${load()}): ` +
    `${orderCount} orders, ${runs} runs per query, target p95 ≤ ${targetP95Ms} ms; ` +
    `CSV export, target RSS growth ≤ ${targetRssGrowthMb} MB\n`,
);
let allMet = await benchmark("PGlite", openPglite);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) {
  allMet = (await benchmark("PostgreSQL", () => openPostgres(serverUrl))) && allMet;
} else {
  process.stdout.write("\n## PostgreSQL\nskipped: set BENCH_DATABASE_URL or DATABASE_URL\n");
}
process.stdout.write(`\nload at the end: ${load()}\n`);
if (!allMet) process.exitCode = 1;
