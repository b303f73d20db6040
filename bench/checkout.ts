// `npm run bench:checkout`: checkout under load, on PGlite and on PostgreSQL.
//
// 1. Session creation: autocannon posts carts to the built shop's /api/checkout (sandbox) from
//    50 connections, after a 3-second warm-up; each request comes from another client address, so
//    that the per-client rate limit counts as usual without refusing the benchmark. Reports p50
//    and p99 latency.
//    Then GET /healthz the same way, for reference: the cost of a request that does nothing but
//    pass through the request pipeline, as checkout does; and the same JSON from a bare Node
//    listener, the floor any server pays on this machine.
// 2. Fulfilment: a driver delivers every completion twice, shuffled and concurrently, to the
//    same handler the webhook and the sandbox use; reports orders per second, then counts orders
//    and e-mails, which must equal the number of sessions.
//
// `npm run bench:checkout -- --healthz`: only GET /healthz at 50 connections on a shop doing
// nothing else (PostgreSQL), beside the bare listener: the pipeline's own cost, in a minute.
//
// PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test)
// names the server; the benchmark creates a database of its own there and drops it afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { count, eq, inArray } from "drizzle-orm";
import { startShop } from "../e2e/support/shop-server";
import { type DatabaseHandle, openDatabase } from "../server/db/client.server";
import { mailOutbox, orders } from "../server/db/schema.server";
import { seedDemoData } from "../server/db/seed/seed.server";
import { handlePaymentEvent } from "../server/orders/payment-events.server";
import { openCheckout, paidSession, testShop } from "../test/support/checkout";
import { createPostgresDatabase } from "../test/support/database";
import { inParallel, shuffled } from "./concurrency";
import { productionEnv } from "./production-env";
import { type Engine, postgresServerUrl, preparedDatabase, receiveEveryBottle } from "./shelves";

const connections = 50;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const sessionsToFulfil = Number(process.env.BENCH_SESSIONS ?? 400);
const deliveryConcurrency = 20;
const targets = { p99Ms: 100, ordersPerSecond: { pglite: 40, postgresql: 100 } };

const cart = JSON.stringify({
  items: [
    { itemId: "luxe", quantity: 1 },
    { itemId: "privateReserve", quantity: 1 },
  ],
  localPickup: false,
  promoCode: "WELCOME10",
});

let clientCounter = 0;
function nextClientAddress(): string {
  clientCounter++;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

function postCarts(baseURL: string, options: { connections: number; duration: number }) {
  return autocannon({
    url: `${baseURL}/api/checkout`,
    ...options,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: cart,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "x-forwarded-for": nextClientAddress() },
        }),
      },
    ],
  });
}

function summary(result: autocannon.Result) {
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** GET /healthz's answer from a bare Node listener: no pipeline, no routing, no rendering. */
async function measureBareListener() {
  const body = JSON.stringify({ status: "ok" });
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    return summary(
      await autocannon({
        url: `http://127.0.0.1:${port}/healthz`,
        connections,
        duration: durationSeconds,
      }),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

function getHealthz(baseURL: string, duration: number) {
  return autocannon({ url: `${baseURL}/healthz`, connections, duration });
}

function startBenchShop(serverEnv: Record<string, string>) {
  return startShop({ ...productionEnv(), ...serverEnv, TRUST_PROXY: "1", LOG_LEVEL: "error" });
}

async function measureSessionCreation(serverEnv: Record<string, string>) {
  const shop = await startBenchShop(serverEnv);
  try {
    // Warm-up, not measured: the first requests compile code and fill caches.
    await postCarts(shop.baseURL, { connections: 10, duration: 3 });
    const creation = summary(
      await postCarts(shop.baseURL, { connections, duration: durationSeconds }),
    );
    // A request that does nothing but pass through the request pipeline, under the same load.
    const reference = summary(await getHealthz(shop.baseURL, durationSeconds));
    return { creation, reference };
  } finally {
    await shop.stop();
  }
}

const isMembership = (index: number) => index % 3 === 0;

async function measureFulfilment(handle: DatabaseHandle) {
  const shop = testShop(handle.db);
  const sessionIds: string[] = [];
  for (let index = 0; index < sessionsToFulfil; index++) {
    sessionIds.push(
      await openCheckout(shop, {
        items: [{ itemId: isMembership(index) ? "everydayLuxury" : "luxe", quantity: 1 }],
        localPickup: index % 5 === 0,
      }),
    );
  }
  const events = await Promise.all(
    sessionIds.map(async (sessionId, index) => ({
      id: `evt_bench_${index}`,
      type: "checkout.completed" as const,
      session: await paidSession(handle.db, sessionId, {
        customerId: `cus_bench_${index}`,
        customer: { name: `Bench Customer ${index}`, email: `bench${index % 97}@example.com` },
        subscription: isMembership(index)
          ? {
              id: `sub_bench_${index}`,
              items: [
                {
                  subscriptionItemId: `si_bench_${index}`,
                  itemId: "everydayLuxury",
                  quantity: 1,
                  unitPriceCents: 4900,
                },
              ],
              nextInvoiceAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
            }
          : null,
      }),
    })),
  );
  const deliveries = shuffled([...events, ...events]);
  const started = performance.now();
  await inParallel(deliveries, deliveryConcurrency, (event) => handlePaymentEvent(shop, event));
  const seconds = (performance.now() - started) / 1000;

  const [orderRow] = await handle.db
    .select({ total: count() })
    .from(orders)
    .where(inArray(orders.checkoutSessionId, sessionIds));
  const [mailRow] = await handle.db
    .select({ total: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.template, "order-confirmation"));
  return {
    sessions: sessionIds.length,
    deliveries: deliveries.length,
    seconds,
    ordersPerSecond: Math.round(sessionIds.length / seconds),
    orders: orderRow?.total ?? 0,
    emails: mailRow?.total ?? 0,
  };
}

interface Opened {
  env: Record<string, string>;
  handle: DatabaseHandle;
  dispose: () => Promise<void>;
}

/** PGlite for the fulfilment driver, a data directory of its own. */
async function openPglite(): Promise<Opened> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pglite-"));
  const handle = openDatabase({ kind: "pglite", dataDir });
  await handle.migrate();
  return {
    env: {},
    handle,
    dispose: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<Opened> {
  const database = await createPostgresDatabase(postgresServerUrl());
  return {
    env: { DATABASE_URL: database.url },
    handle: database,
    dispose: () => database.dispose(),
  };
}

/**
 * What one request through the pipeline costs beyond the bare listener, from both throughputs:
 * each server runs on one thread, saturated by the load.
 */
function pipelineCostMs(pipeline: { perSecond: number }, bare: { perSecond: number }): string {
  return (1000 / pipeline.perSecond - 1000 / bare.perSecond).toFixed(2);
}

function verdict(ok: boolean): string {
  return ok ? "meets target" : "MISSES target";
}

/** Shelves that a run of checkouts never empties: holds are taken as usual, never refused. */
const bottlesPerKind = 10_000_000;

async function benchmark(engine: Engine, open: () => Promise<Opened>) {
  process.stdout.write(`\n## ${engine === "pglite" ? "PGlite" : "PostgreSQL"}\n`);
  const forServer = await preparedDatabase(engine, (db) => receiveEveryBottle(db, bottlesPerKind));
  try {
    const { creation, reference } = await measureSessionCreation(forServer.env);
    const bare = await measureBareListener();
    const ok = creation.p99 <= targets.p99Ms && creation.errors === 0;
    process.stdout.write(
      `session creation (sandbox), ${connections} connections, ${durationSeconds} s: ` +
        `${creation.requests} sessions, ${creation.perSecond}/s, p50 ${creation.p50} ms, ` +
        `p99 ${creation.p99} ms, ${creation.errors} errors — ${verdict(ok)} (p99 ≤ ${targets.p99Ms} ms)\n` +
        `reference: GET /healthz through the pipeline on the same shop, ${connections} connections: ` +
        `${reference.perSecond}/s, p50 ${reference.p50} ms, p99 ${reference.p99} ms\n` +
        `floor: the same JSON from a bare Node listener: ${bare.perSecond}/s, p50 ${bare.p50} ms, ` +
        `p99 ${bare.p99} ms (the pipeline costs ${pipelineCostMs(reference, bare)} ms of CPU per request)\n`,
    );
  } finally {
    await forServer.dispose();
  }
  const forDriver = await open();
  try {
    await seedDemoData(forDriver.handle.db, { onlyIfEmpty: false });
    await receiveEveryBottle(forDriver.handle.db, bottlesPerKind);
    const run = await measureFulfilment(forDriver.handle);
    const target = targets.ordersPerSecond[engine];
    const exact = run.orders === run.sessions && run.emails === run.sessions;
    process.stdout.write(
      `fulfilment: ${run.sessions} sessions, each completion delivered twice (${run.deliveries} deliveries), ` +
        `in ${run.seconds.toFixed(2)} s: ${run.ordersPerSecond} orders/s — ${verdict(run.ordersPerSecond >= target)} (≥ ${target}/s)\n` +
        `count: ${run.orders} orders and ${run.emails} order e-mails for ${run.sessions} sessions — ${exact ? "exact" : "WRONG"}\n`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    await forDriver.dispose();
  }
}

/** GET /healthz alone, on a shop that has just started and been warmed up for 3 seconds. */
async function benchmarkHealthz() {
  const database = await openPostgres();
  try {
    const shop = await startBenchShop(database.env);
    let healthz: ReturnType<typeof summary>;
    try {
      await getHealthz(shop.baseURL, 3);
      healthz = summary(await getHealthz(shop.baseURL, durationSeconds));
    } finally {
      await shop.stop();
    }
    const bare = await measureBareListener();
    process.stdout.write(
      `\n## GET /healthz alone (PostgreSQL)\n` +
        `GET /healthz through the pipeline, ${connections} connections, ${durationSeconds} s: ` +
        `${healthz.perSecond}/s, p50 ${healthz.p50} ms, p99 ${healthz.p99} ms, ${healthz.errors} errors\n` +
        `floor: the same JSON from a bare Node listener: ${bare.perSecond}/s, p50 ${bare.p50} ms, ` +
        `p99 ${bare.p99} ms (the pipeline costs ${pipelineCostMs(healthz, bare)} ms of CPU per request)\n`,
    );
  } finally {
    await database.dispose();
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
process.stdout.write(
  `# Checkout benchmark (Node ${process.version}, ${availableParallelism()} cores, load ${load()})\n`,
);
if (process.argv.includes("--healthz")) {
  await benchmarkHealthz();
} else {
  await benchmark("pglite", openPglite);
  try {
    await benchmark("postgresql", openPostgres);
  } catch (error) {
    if (!(error instanceof Error && /ECONNREFUSED/.test(error.message))) throw error;
    process.stdout.write(`\n## PostgreSQL\nskipped: no server (${error.message})\n`);
  }
}
process.stdout.write(`\nload at the end: ${load()}\n`);
