// Two instances of the built shop behind nginx on one PostgreSQL server of the test's own, which
// it stops and starts under load. Each fault ends with the same count: one order and one e-mail
// per paid session.
import { existsSync } from "node:fs";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inParallel, shuffled } from "../bench/concurrency";
import { type DatabaseHandle, openDatabase } from "../server/db/client.server";
import { checkoutSessions, mailOutbox, orders } from "../server/db/schema.server";
import { projectPath } from "../server/paths.server";
import { freePort } from "../test/support/free-port";
import { startTestMailbox, type TestMailbox } from "../test/support/mail";
import { rawRequest, shopClient } from "../test/support/shop";
import { type Cluster, startCluster } from "./cluster/cluster";
import { nginxBinary } from "./cluster/nginx";
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from "./cluster/postgres";
import { clientAddress, openSession, paySession, type Shopper, servedBy } from "./cluster/traffic";

const missing = [
  nginxBinary() ? null : "nginx (apt-get install -y nginx)",
  postgresBinDir() ? null : "PostgreSQL's server tools",
  existsSync(projectPath("build", "server", "index.js")) ? null : "the build (npm run build)",
].filter((item) => item !== null);
if (missing.length > 0 && process.env.CI === "true") {
  throw new Error(`The cluster test needs ${missing.join(", ")}`);
}

let postgres: PrivatePostgres;
let cluster: Cluster;
let database: DatabaseHandle;
let mailbox: TestMailbox | undefined;
let mailPort: number;
/** Every session paid so far, with the e-mail it was paid with. */
const paid = new Map<string, string>();

const viaBalancer = (from: string): Shopper => ({
  target: cluster.url,
  publicUrl: cluster.url,
  from,
});
/** The balancer and each instance directly: where completions are delivered. */
const everyEntrance = (from: string): Shopper[] => [
  viaBalancer(from),
  ...cluster.instances.map((instance) => ({ target: instance.url, publicUrl: cluster.url, from })),
];

async function openSessions(block: number, howMany: number): Promise<string[]> {
  const opened = await Promise.all(
    Array.from({ length: howMany }, (_, index) =>
      openSession(viaBalancer(clientAddress(block, index)), { membership: index % 4 === 0 }),
    ),
  );
  expect(opened.map((session) => session.answer.status)).toEqual(opened.map(() => 200));
  return opened.flatMap((session) => (session.sessionId ? [session.sessionId] : []));
}

/** Delivers each session's completion `times` times, shuffled, through every entrance in turn. */
async function deliverCompletions(sessionIds: string[], times: number, label: string) {
  const deliveries = sessionIds.flatMap((sessionId, index) =>
    Array.from({ length: times }, (_, time) => {
      const entrances = everyEntrance(clientAddress(200, index));
      const shopper = entrances[time % entrances.length] as Shopper;
      return { shopper, sessionId, email: `${label}-${index}@example.com` };
    }),
  );
  const statuses: number[] = [];
  await inParallel(shuffled(deliveries), 24, async ({ shopper, sessionId, email }) => {
    const answer = await paySession(shopper, sessionId, email);
    statuses.push(answer.status);
    paid.set(sessionId, email);
  });
  return statuses;
}

async function ordersOf(sessionIds: string[]) {
  return database.db
    .select({ sessionId: orders.checkoutSessionId, email: orders.email })
    .from(orders)
    .where(inArray(orders.checkoutSessionId, sessionIds));
}

async function orderMailsTo(emails: string[]) {
  return database.db
    .select({
      to: mailOutbox.to,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, emails));
}

async function expectExactlyOnce(sessionIds: string[]) {
  const created = await ordersOf(sessionIds);
  expect(created).toHaveLength(sessionIds.length);
  expect(new Set(created.map((order) => order.sessionId)).size).toBe(sessionIds.length);
  const mails = await orderMailsTo(sessionIds.map((sessionId) => paid.get(sessionId) ?? ""));
  expect(mails).toHaveLength(sessionIds.length);
}

describe.skipIf(missing.length > 0)("two instances behind nginx on one PostgreSQL", () => {
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    mailPort = await freePort();
    // The mail server is down until the second test: order e-mails must wait and be retried.
    cluster = await startCluster({
      instances: 2,
      databaseUrl: postgres.url,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        MAIL_FROM: "shop@example.com",
        // A killed instance's claimed messages wait this long before the other sends them.
        MAIL_CLAIM_SECONDS: "10",
      },
    });
    database = openDatabase({ kind: "postgresql", url: postgres.url, maxConnections: 2 });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.close();
    await mailbox?.close();
    postgres?.dispose();
  });

  it("spreads 200 concurrent checkouts over both instances, and three shuffled deliveries of each completion make one order", async () => {
    const sessionIds = await openSessions(1, 200);
    expect(sessionIds).toHaveLength(200);
    const statuses = await deliverCompletions(sessionIds, 3, "spread");
    expect(statuses.filter((status) => status === 302)).toHaveLength(600);
    await expectExactlyOnce(sessionIds);

    const answeredBy = new Set<string>();
    const pages = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        rawRequest(cluster.url, {
          method: "GET",
          path: "/",
          localAddress: clientAddress(2, index),
        }),
      ),
    );
    for (const page of pages) answeredBy.add(servedBy(page));
    expect([...answeredBy].sort()).toEqual(
      cluster.instances.map((instance) => instance.upstream).sort(),
    );
  }, 180_000);

  it("keeps the order e-mails while the mail server is down, each waiting for its retry", async () => {
    const mails = await orderMailsTo([...paid.values()]);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.filter((mail) => mail.status !== "pending")).toEqual([]);
    await expect
      .poll(async () => (await orderMailsTo([...paid.values()])).every((mail) => mail.attempts > 0))
      .toBe(true);
    mailbox = await startTestMailbox(mailPort);
  });

  it("knows a session opened on one instance on the other", async () => {
    const [first, second] = cluster.instances;
    if (!first || !second) throw new Error("two instances expected");
    const origin = { headers: { Origin: cluster.url } };
    const cookie = await shopClient(first.url).register("both-instances@example.com", origin);
    const account = await fetch(`${second.url}/account`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("both-instances@example.com");
    const signedOut = await fetch(`${second.url}/account`, { redirect: "manual" });
    expect(signedOut.status).not.toBe(200);
  });

  it("counts a client's access code attempts on both instances together", async () => {
    const client = { from: "203.0.113.9", headers: { Origin: cluster.url } };
    const attempt = (index: number) => {
      const instance = cluster.instances[index % cluster.instances.length];
      if (!instance) throw new Error("no instance");
      return shopClient(instance.url).postForm(
        "/access",
        { kind: "beta", accessCode: `not-the-code-${index}` },
        client,
      );
    };
    const allowed: number[] = [];
    for (let index = 0; index < 10; index++) allowed.push((await attempt(index)).status);
    expect(allowed).toEqual(Array.from({ length: 10 }, () => 400));
    const refused = await attempt(10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("loses no order and doubles none when an instance is killed in the middle of fulfilment", async () => {
    const [victim] = cluster.instances;
    if (!victim) throw new Error("no instance");
    const sessionIds = await openSessions(3, 80);
    const onVictim = sessionIds.map((sessionId, index) => ({
      shopper: { target: victim.url, publicUrl: cluster.url, from: clientAddress(4, index) },
      sessionId,
      email: `killed-${index}@example.com`,
    }));
    for (const { sessionId, email } of onVictim) paid.set(sessionId, email);
    const inFlight = inParallel(onVictim, 16, ({ shopper, sessionId, email }) =>
      paySession(shopper, sessionId, email).catch(() => null),
    );
    await expect
      .poll(async () => (await completedSessions(sessionIds)) >= 10, {
        timeout: 30_000,
        interval: 10,
      })
      .toBe(true);
    await victim.kill();
    await inFlight;
    const completedAtKill = await completedSessions(sessionIds);
    expect(completedAtKill).toBeLessThan(sessionIds.length);
    const withoutOrder = completedAtKill - (await ordersOf(sessionIds)).length;
    console.info(
      `kill -9: ${completedAtKill} of 80 paid, ${withoutOrder} of them without an order`,
    );

    await victim.restart();
    const deliveries = shuffled(
      sessionIds.flatMap((sessionId) =>
        everyEntrance(clientAddress(5, 0)).map((shopper) => ({ shopper, sessionId })),
      ),
    );
    await inParallel(deliveries, 16, ({ shopper, sessionId }) =>
      paySession(shopper, sessionId, paid.get(sessionId) ?? ""),
    );
    await expectExactlyOnce(sessionIds);
  }, 120_000);

  it("answers 503 while PostgreSQL restarts, recovers by itself, and makes each order once", async () => {
    const statuses: number[] = [];
    const opened: string[] = [];
    const outageRequestIds = new Set<string>();
    let stopped = false;
    let next = 0;
    const shopper = async () => {
      while (!stopped) {
        const { sessionId, answer } = await openSession(viaBalancer(clientAddress(6, next++)));
        statuses.push(answer.status);
        if (answer.status === 503) {
          expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
          outageRequestIds.add(String(answer.headers["x-request-id"]));
        }
        if (sessionId) opened.push(sessionId);
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, shopper));
    await expect.poll(() => opened.length, { timeout: 20_000, interval: 10 }).toBeGreaterThan(5);
    postgres.stop();
    await expect
      .poll(() => statuses.filter((status) => status === 503).length, {
        timeout: 20_000,
        interval: 10,
      })
      .toBeGreaterThan(5);
    postgres.start();
    const openedBeforeRecovery = opened.length;
    await expect
      .poll(() => opened.length, { timeout: 30_000, interval: 10 })
      .toBeGreaterThan(openedBeforeRecovery + 5);
    stopped = true;
    await load;
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    // What went wrong is logged with the id of the request it happened in.
    const explained = logLines().filter(
      (line) => outageRequestIds.has(String(line.requestId)) && line.msg !== "request",
    );
    expect(explained.length).toBeGreaterThan(0);
    const refused = statuses.filter((status) => status === 503).length;
    console.info(`PostgreSQL restart: ${statuses.length} checkouts asked, ${refused} answered 503`);

    await deliverCompletions(opened, 2, "restarted");
    await expectExactlyOnce(opened);
  }, 120_000);

  it("delivers every order e-mail after the mail server came back, one message per order", async () => {
    const emails = [...paid.values()];
    await expect
      .poll(async () => (await orderMailsTo(emails)).filter((mail) => mail.status !== "sent"), {
        timeout: 150_000,
        interval: 500,
      })
      .toEqual([]);
    const mails = await orderMailsTo(emails);
    expect(mails.some((mail) => mail.attempts >= 2)).toBe(true);
    // A message the mail server took from the killed instance just before it could record it
    // may be sent again, as the same message: one Message-ID per order.
    const messagesTo = (email: string) => new Set(mailbox?.to(email).map((mail) => mail.messageId));
    expect(emails.filter((email) => messagesTo(email).size !== 1)).toEqual([]);
    expect(mailbox?.received.every((mail) => mail.messageId !== null)).toBe(true);
    const resent = emails.filter((email) => (mailbox?.to(email).length ?? 0) > 1);
    console.info(`${emails.length} order e-mails, ${resent.length} sent again after the kill`);
  }, 180_000);
});

/** The JSON lines the instances have logged. */
function logLines(): Record<string, unknown>[] {
  return cluster.instances.flatMap((instance) =>
    instance
      .output()
      .split("\n")
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
  );
}

async function completedSessions(sessionIds: string[]): Promise<number> {
  const [row] = await database.db
    .select({ total: count() })
    .from(checkoutSessions)
    .where(and(inArray(checkoutSessions.id, sessionIds), eq(checkoutSessions.status, "complete")));
  return Number(row?.total ?? 0);
}
