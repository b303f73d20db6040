// `npm run bench:stock`: 200 shoppers check out at once for the last 20 bottles of Luxe, on
// PGlite and on PostgreSQL. Half ask for a tasting set (which holds one Luxe), half for one to
// three single bottles; each request comes from a client address of its own. Exactly 20 Luxe
// must be held, whatever the order the requests are served in; reports how long opening a
// session (or refusing one) took, p50 and p99.
import { availableParallelism, loadavg } from "node:os";
import { and, eq, gt, sum } from "drizzle-orm";
import { startShop } from "../e2e/support/shop-server";
import { serverOperator } from "../server/audit/audit.server";
import { openDatabase } from "../server/db/client.server";
import { stockHolds, stockLots } from "../server/db/schema.server";
import { adjustLot } from "../server/stock/lots.server";
import { productionEnv } from "./production-env";
import { type Engine, postgresServerUrl, preparedDatabase } from "./shelves";

const shoppers = 200;
const lastBottles = 20;

function cartOf(index: number) {
  return index % 2 === 0
    ? { itemId: "tastingCollection", quantity: 1 }
    : { itemId: "luxe", quantity: 1 + (index % 3) };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function lastLuxe(db: Parameters<Parameters<typeof preparedDatabase>[1]>[0]) {
  const [lot] = await db.select().from(stockLots).where(eq(stockLots.bottleId, "luxe"));
  if (!lot) throw new Error("the demo data has no Luxe lot");
  await adjustLot(db, serverOperator, {
    lotId: lot.id,
    reason: "count_correction",
    bottles: lastBottles,
    expectedOnHand: lot.onHand,
  });
}

async function checkOutAtOnce(baseURL: string) {
  return Promise.all(
    Array.from({ length: shoppers }, async (_, index) => {
      const line = cartOf(index);
      const started = performance.now();
      const answer = await fetch(`${baseURL}/api/checkout`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.20.${index >> 8}.${index & 255}`,
        },
        body: JSON.stringify({ items: [line], localPickup: false }),
      });
      await answer.arrayBuffer();
      return { line, status: answer.status, ms: performance.now() - started };
    }),
  );
}

async function heldLuxe(env: Record<string, string>): Promise<number> {
  const handle = env.DATABASE_URL
    ? openDatabase({ kind: "postgresql", url: env.DATABASE_URL, maxConnections: 1 })
    : openDatabase({ kind: "pglite", dataDir: env.DATA_DIR ?? "" });
  try {
    const [row] = await handle.db
      .select({ held: sum(stockHolds.quantity) })
      .from(stockHolds)
      .where(and(eq(stockHolds.bottleId, "luxe"), gt(stockHolds.expiresAt, new Date())));
    return Number(row?.held ?? 0);
  } finally {
    await handle.close();
  }
}

async function benchmark(engine: Engine) {
  process.stdout.write(`\n## ${engine === "pglite" ? "PGlite" : "PostgreSQL"}\n`);
  const prepared = await preparedDatabase(engine, lastLuxe);
  try {
    const shop = await startShop({
      ...productionEnv(),
      ...prepared.env,
      TRUST_PROXY: "1",
      LOG_LEVEL: "error",
    });
    let results: Awaited<ReturnType<typeof checkOutAtOnce>>;
    try {
      results = await checkOutAtOnce(shop.baseURL);
    } finally {
      await shop.stop();
    }
    const opened = results.filter((result) => result.status === 200);
    const soldOut = results.filter((result) => result.status === 409);
    const luxeSold = opened.reduce(
      (total, result) => total + (result.line.itemId === "luxe" ? result.line.quantity : 1),
      0,
    );
    const held = await heldLuxe(prepared.env);
    const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
    const exact = luxeSold === lastBottles && held === lastBottles;
    process.stdout.write(
      `${shoppers} checkouts at once for the last ${lastBottles} Luxe: ${opened.length} opened, ` +
        `${soldOut.length} refused as sold out, ${results.length - opened.length - soldOut.length} other answers\n` +
        `Luxe sold: ${luxeSold}, held in the database: ${held} — ${exact ? "exact" : "WRONG"}\n` +
        `session creation or refusal: p50 ${Math.round(percentile(latencies, 0.5))} ms, ` +
        `p99 ${Math.round(percentile(latencies, 0.99))} ms\n`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    await prepared.dispose();
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
process.stdout.write(
  `# Stock benchmark (Node ${process.version}, ${availableParallelism()} cores, load ${load()})\n`,
);
await benchmark("pglite");
try {
  await benchmark("postgresql");
} catch (error) {
  if (!(error instanceof Error && /ECONNREFUSED/.test(error.message))) throw error;
  process.stdout.write(`\n## PostgreSQL\nskipped: no server at ${postgresServerUrl()}\n`);
}
process.stdout.write(`\nload at the end: ${load()}\n`);
