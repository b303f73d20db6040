// `npm run bench:cluster`: 1, 2 and 4 instances of the built shop behind nginx on one
// PostgreSQL, under the same mixed traffic: shoppers who each open the home page and the shop,
// add a bottle to the cart (the form, as before scripts run), open a checkout and pay it on the
// sandbox page. Reports requests and paid orders per second, p50 and p99 latency, and the
// scaling factor against one instance.
//
// PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test)
// names the server; each run gets a database of its own, dropped afterwards.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { startCluster } from "../scripts/cluster/cluster";
import { clientAddress, openSession, paySession, type Shopper } from "../scripts/cluster/traffic";
import { createScratchPostgresDatabase } from "../test/support/database";
import { rawRequest } from "../test/support/shop";

const instanceCounts = [1, 2, 4];
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 32);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmUpSeconds = 3;
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

interface Tally {
  latenciesMs: number[];
  failures: number;
  orders: number;
}

async function timed(tally: Tally, request: () => Promise<{ status: number }>, ok: number[]) {
  const started = performance.now();
  try {
    const answer = await request();
    tally.latenciesMs.push(performance.now() - started);
    if (!ok.includes(answer.status)) tally.failures++;
    return answer;
  } catch {
    tally.failures++;
    return null;
  }
}

/** One shopper's visit, from an address of its own. */
async function visit(url: string, from: string, tally: Tally, index: number) {
  const shopper: Shopper = { target: url, publicUrl: url, from };
  const get = (path: string) => () => rawRequest(url, { method: "GET", path, localAddress: from });
  await timed(tally, get("/"), [200]);
  await timed(tally, get("/our-olive-oils"), [200]);
  await timed(
    tally,
    () =>
      rawRequest(url, {
        method: "POST",
        path: "/cart",
        headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=add&itemId=luxe",
        localAddress: from,
      }),
    [200, 302, 303],
  );
  let sessionId: string | null = null;
  await timed(tally, async () => {
    const opened = await openSession(shopper);
    sessionId = opened.sessionId;
    return opened.answer;
  }, [200]);
  if (!sessionId) return;
  const id: string = sessionId;
  const paid = await timed(
    tally,
    () => paySession(shopper, id, `bench-${index}@example.com`),
    [302],
  );
  if (paid?.status === 302) tally.orders++;
}

async function drive(url: string, seconds: number, block: number): Promise<Tally> {
  const tally: Tally = { latenciesMs: [], failures: 0, orders: 0 };
  const ends = Date.now() + seconds * 1000;
  let visits = 0;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (Date.now() < ends) {
        const index = visits++;
        await visit(url, clientAddress(block, index), tally, index);
      }
    }),
  );
  return tally;
}

/** Seconds of CPU a process has used (user and system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

const round = (value: number) => Math.round(value * 100) / 100;

function percentile(sorted: number[], fraction: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);
}

async function measure(instances: number, block: number) {
  const database = await createScratchPostgresDatabase(serverUrl);
  const cluster = await startCluster({
    instances,
    databaseUrl: database.url,
    env: { LOG_LEVEL: "error" },
  });
  try {
    await drive(cluster.url, warmUpSeconds, block);
    const instancesCpu = () =>
      cluster.instances.reduce((sum, instance) => sum + cpuSeconds(instance.pid()), 0);
    const cpuBefore = { instances: instancesCpu(), driver: process.cpuUsage() };
    const tally = await drive(cluster.url, durationSeconds, block + 1);
    const driverCpu = process.cpuUsage(cpuBefore.driver);
    const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
    return {
      instances,
      requestsPerSecond: Math.round(sorted.length / durationSeconds),
      ordersPerSecond: round(tally.orders / durationSeconds),
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      failures: tally.failures,
      /** Cores kept busy by the shop's instances and by this load generator. */
      instanceCores: round((instancesCpu() - cpuBefore.instances) / durationSeconds),
      driverCores: round((driverCpu.user + driverCpu.system) / 1e6 / durationSeconds),
    };
  } finally {
    await cluster.stop();
    await database.drop();
  }
}

const rows = [];
for (const [position, instances] of instanceCounts.entries()) {
  rows.push(await measure(instances, 10 + position * 2));
}
const single = rows[0]?.requestsPerSecond ?? 1;
console.log(
  `\nbench:cluster on ${availableParallelism()} cores, ${shoppers} shoppers, ${durationSeconds} s each (after ${warmUpSeconds} s warm-up)\n`,
);
console.table(
  rows.map((row) => ({
    ...row,
    scaling: `${(row.requestsPerSecond / single).toFixed(2)}×`,
  })),
);
