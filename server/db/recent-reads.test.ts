import { describe, expect, it } from "vitest";
import { recentReads } from "./recent-reads.server";

describe("recentReads", () => {
  const owner = {};

  it("shares a read until it is older than the allowed age, then reads again", async () => {
    const read = recentReads<object, number>({ maxAgeMs: 1_000 });
    let queries = 0;
    const load = async () => ++queries;
    expect(await Promise.all([read(owner, "k", load, 0), read(owner, "k", load, 0)])).toEqual([
      1, 1,
    ]);
    expect(await read(owner, "k", load, 999)).toBe(1);
    expect(await read(owner, "k", load, 1_000)).toBe(2);
    expect(await read(owner, "k", load, 500)).toBe(3);
    expect(queries).toBe(3);
  });

  it("keeps keys and owners apart", async () => {
    const read = recentReads<object, string>({ maxAgeMs: 1_000 });
    expect(await read(owner, "a", async () => "a1", 0)).toBe("a1");
    expect(await read(owner, "b", async () => "b1", 0)).toBe("b1");
    expect(await read({}, "a", async () => "other", 0)).toBe("other");
    expect(await read(owner, "a", async () => "a2", 10)).toBe("a1");
  });

  it("does not keep a read that failed", async () => {
    const read = recentReads<object, string>({ maxAgeMs: 1_000 });
    await expect(
      read(owner, "k", async () => Promise.reject(new Error("down")), 0),
    ).rejects.toThrow("down");
    expect(await read(owner, "k", async () => "up", 1)).toBe("up");
  });

  it("keeps at most maxKeys keys, dropping the oldest read", async () => {
    const read = recentReads<object, string>({ maxAgeMs: 1_000, maxKeys: 2 });
    const kept = {};
    await read(kept, "a", async () => "a1", 0);
    await read(kept, "b", async () => "b1", 0);
    await read(kept, "c", async () => "c1", 0);
    expect(await read(kept, "b", async () => "b2", 1)).toBe("b1");
    expect(await read(kept, "a", async () => "a2", 1)).toBe("a2");
  });
});
