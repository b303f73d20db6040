import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { consumeRateLimit } from "./rate-limit.server";

describe.each(testEngines)("rate limit on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  const rule = { limit: 3, windowMs: 60_000 };
  const now = new Date("2026-11-22T10:00:10Z");

  it("allows the limit, then refuses until the window ends", async () => {
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await consumeRateLimit(database.db, "ip:1", rule, now));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]?.retryAfterSeconds).toBe(50);
    const later = new Date(now.getTime() + 60_000);
    expect((await consumeRateLimit(database.db, "ip:1", rule, later)).allowed).toBe(true);
  });

  it("counts keys apart and stays exact under concurrent requests", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(database.db, "ip:2", rule, now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
    expect((await consumeRateLimit(database.db, "ip:3", rule, now)).allowed).toBe(true);
  });

  it("counts concurrent hits on several counters exactly, each window apart", async () => {
    const nextWindow = new Date(now.getTime() + 60_000);
    const hits = [
      ["ip:4", now],
      ["ip:5", now],
      ["ip:4", now],
      ["ip:4", nextWindow],
      ["ip:4", now],
      ["ip:5", now],
    ] as const;
    const results = await Promise.all(
      hits.map(([key, at]) => consumeRateLimit(database.db, key, rule, at)),
    );
    const remainingOf = (key: string, at: Date) =>
      results
        .filter((_, index) => hits[index]?.[0] === key && hits[index]?.[1] === at)
        .map((result) => result.remaining)
        .sort();
    expect(remainingOf("ip:4", now)).toEqual([0, 1, 2]);
    expect(remainingOf("ip:5", now)).toEqual([1, 2]);
    expect(remainingOf("ip:4", nextWindow)).toEqual([2]);
    expect((await consumeRateLimit(database.db, "ip:4", rule, now)).allowed).toBe(false);
    expect((await consumeRateLimit(database.db, "ip:5", rule, now)).remaining).toBe(0);
  });
});
