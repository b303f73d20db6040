import { describe, expect, it } from "vitest";
import { writeBatches } from "./write-batches.server";

/** A write that records each batch it is given and doubles every item. */
function recordingWrite() {
  const batches: number[][] = [];
  const write = async (_owner: object, items: number[]) => {
    batches.push(items);
    return items.map((item) => item * 2);
  };
  return { batches, write };
}

describe("writeBatches", () => {
  it("writes the items of one turn in one batch and answers each with its own result", async () => {
    const { batches, write } = recordingWrite();
    const batched = writeBatches(write);
    const owner = {};
    const results = await Promise.all([1, 2, 3].map((item) => batched(owner, item)));
    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("gathers the writes that arrive while a batch is written into the next one", async () => {
    const batches: number[][] = [];
    let finishFirst: () => void = () => {};
    const firstWritten = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const batched = writeBatches(async (_owner: object, items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await firstWritten;
      return items;
    });
    const owner = {};
    const first = batched(owner, 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    const later = [batched(owner, 2), batched(owner, 3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    finishFirst();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("keeps owners apart and batches no more than maxItems", async () => {
    const { batches, write } = recordingWrite();
    const batched = writeBatches(write, { maxItems: 2 });
    const [a, b] = [{}, {}];
    await Promise.all([batched(a, 1), batched(a, 2), batched(a, 3), batched(b, 4)]);
    expect(batches).toEqual([[1, 2], [4], [3]]);
  });

  it("fails only the write that breaks a batch: the others are written one by one", async () => {
    const batches: number[][] = [];
    const batched = writeBatches(async (_owner: object, items: number[]) => {
      batches.push(items);
      if (items.includes(13)) throw new Error("13 is refused");
      return items;
    });
    const owner = {};
    const results = await Promise.allSettled([12, 13, 14].map((item) => batched(owner, item)));
    expect(results).toEqual([
      { status: "fulfilled", value: 12 },
      { status: "rejected", reason: new Error("13 is refused") },
      { status: "fulfilled", value: 14 },
    ]);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
    expect(await batched(owner, 15)).toBe(15);
  });

  it("refuses a write function that answers a batch with the wrong number of results", async () => {
    const batched = writeBatches(async (_owner: object, _items: number[]) => []);
    await expect(batched({}, 1)).rejects.toThrow("A batch of 1 writes returned 0 results");
  });
});
