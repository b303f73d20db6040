import { count } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { freezeDate } from "../../test/support/shop";
import { analyticsEvents, requestCounters } from "../db/schema.server";
import { receiveEvents } from "./receive.server";

const log = pino({ level: "silent" });
const visitorId = "0b6f1c9e-8a4d-4c1e-9f57-2f0f4f0d7a11";

function post(body: string, method = "POST"): Request {
  return new Request("http://shop.test/api/events", {
    method,
    body: method === "GET" ? undefined : body,
    headers: { "Content-Type": "application/json" },
  });
}

const pageView = { category: "engagement", name: "page_view", path: "/academy" };

describe.each(testEngines)("the analytics endpoint on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());
  afterEach(() => vi.useRealTimers());
  beforeEach(async () => {
    await database.db.delete(analyticsEvents);
    await database.db.delete(requestCounters);
  });

  const receive = (request: Request, clientIp = "203.0.113.7") =>
    receiveEvents(request, { db: database.db, log, clientIp });

  async function storedCount(): Promise<number> {
    const [row] = await database.db.select({ n: count() }).from(analyticsEvents);
    return row?.n ?? 0;
  }

  it("stores a valid batch with category and name, and answers 204", async () => {
    const share = {
      category: "virality",
      name: "share",
      label: "whatsapp",
      value: 1,
      path: "/academy/recipes/summer-tomato-bread",
    };
    const response = await receive(post(JSON.stringify({ visitorId, events: [pageView, share] })));
    expect(response.status).toBe(204);
    const rows = await database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(rows).toMatchObject([
      { category: "engagement", name: "page_view", label: null, value: null, path: "/academy" },
      { ...share, visitorId, userId: null },
    ]);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("stamps the events of a signed-in shopper with their user id", async () => {
    const response = await receiveEvents(
      post(JSON.stringify({ visitorId, events: [pageView] })),
      { db: database.db, log, clientIp: "203.0.113.8" },
      { userId: "user-42" },
    );
    expect(response.status).toBe(204);
    expect(await database.db.select().from(analyticsEvents)).toMatchObject([
      { name: "page_view", visitorId, userId: "user-42" },
    ]);
  });

  it.each([
    ["text that is not JSON", "{events: ["],
    ["no events", JSON.stringify({ events: [] })],
    ["an unknown category", JSON.stringify({ events: [{ ...pageView, category: "ads" }] })],
    ["a name that is not snake_case", JSON.stringify({ events: [{ ...pageView, name: "Drop;" }] })],
    ["an unknown event", JSON.stringify({ events: [{ ...pageView, name: "ad" }] })],
    ["a path that is not a path", JSON.stringify({ events: [{ ...pageView, path: "http://x" }] })],
    ["a fractional value", JSON.stringify({ events: [{ ...pageView, value: 1.5 }] })],
    ["a visitor id that is not a UUID", JSON.stringify({ visitorId: "me", events: [pageView] })],
  ])("rejects a batch with %s with 400 and stores nothing", async (_, body) => {
    const response = await receive(post(body));
    expect(response.status).toBe(400);
    expect(await storedCount()).toBe(0);
  });

  it("rejects more than 20 events in one batch with 413", async () => {
    const events = Array.from({ length: 21 }, () => pageView);
    const response = await receive(post(JSON.stringify({ events })));
    expect(response.status).toBe(413);
    expect(await storedCount()).toBe(0);
  });

  it("rejects a body over 16 KB with 413", async () => {
    const events = [{ ...pageView, label: "x".repeat(17 * 1024) }];
    const response = await receive(post(JSON.stringify({ events })));
    expect(response.status).toBe(413);
    expect(await storedCount()).toBe(0);
  });

  it("refuses unknown keys, __proto__ included, with 400", async () => {
    const withKey = (key: string) =>
      `{"events":[${JSON.stringify(pageView)}],${JSON.stringify(key)}:{"isAdmin":true}}`;
    expect((await receive(post(withKey("__proto__")))).status).toBe(400);
    expect((await receive(post(withKey("extra")))).status).toBe(400);
    const eventWithProto = `{"events":[{"__proto__":{"x":1},${JSON.stringify(pageView).slice(1)}]}`;
    expect((await receive(post(eventWithProto))).status).toBe(400);
  });

  it.each([
    ["Sec-GPC", "1"],
    ["DNT", "1"],
  ])("stores nothing from a browser sending %s: %s, and answers 204", async (header, value) => {
    const request = post(JSON.stringify({ visitorId, events: [pageView] }));
    request.headers.set(header, value);
    expect((await receive(request)).status).toBe(204);
    expect(await storedCount()).toBe(0);
    expect((await receive(post(JSON.stringify({ visitorId, events: [pageView] })))).status).toBe(
      204,
    );
    expect(await storedCount()).toBe(1);
  });

  it("stores a referral visit only for an id a checkout would credit", async () => {
    const visit = (label: string) => ({
      category: "engagement",
      name: "affiliate_visit",
      label,
      path: "/",
    });
    const body = JSON.stringify({
      visitorId,
      events: [pageView, visit("olive-1"), visit("<b>x</b>")],
    });
    expect((await receive(post(body))).status).toBe(204);
    const rows = await database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(rows.map((row) => [row.name, row.label])).toEqual([
      ["page_view", null],
      ["affiliate_visit", "olive-1"],
    ]);
  });

  it("answers 405 to anything but POST", async () => {
    const response = await receive(post("", "GET"));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("limits each client to its rate and says when to retry", async () => {
    freezeDate();
    const rule = { limit: 2, windowMs: 60_000 };
    const body = JSON.stringify({ events: [pageView] });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await receiveEvents(post(body), { db: database.db, log, clientIp: "a" }, { rule })).status,
      );
    }
    expect(statuses).toEqual([204, 204, 429]);
    const limited = await receiveEvents(
      post(body),
      { db: database.db, log, clientIp: "a" },
      { rule },
    );
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const other = await receiveEvents(
      post(body),
      { db: database.db, log, clientIp: "b" },
      { rule },
    );
    expect(other.status).toBe(204);
  });

  it("answers 503, not 500, when the database cannot store events", async () => {
    const closed = await createTestDatabase(engine);
    await closed.dispose();
    const response = await receiveEvents(post(JSON.stringify({ events: [pageView] })), {
      db: closed.db,
      log,
      clientIp: "c",
    });
    expect(response.status).toBe(503);
  });
});
