interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

interface Queue<Item, Result> {
  waiting: Waiting<Item, Result>[];
  /** A batch is scheduled or being written: new writes wait for the next one. */
  busy: boolean;
}

export interface WriteBatchOptions {
  /** Most writes in one statement. */
  maxItems?: number;
}

/**
 * Group commit for the small writes that many requests make at once (a rate-limit count, a
 * checkout record). The writes that arrive in the same turn of the event loop, or while the
 * previous batch is being written, go to the database together in one statement (one round trip
 * and one commit instead of one each). A write never waits longer than the batch before it.
 *
 * `write` receives the items of one batch and returns one result per item, in the same order.
 * When a batch fails, its items are written one by one, so that one bad write (a constraint it
 * breaks) fails only the request that made it. Batches are kept per owner (the database).
 */
export function writeBatches<Owner extends object, Item, Result>(
  write: (owner: Owner, items: Item[]) => Promise<Result[]>,
  { maxItems = 100 }: WriteBatchOptions = {},
): (owner: Owner, item: Item) => Promise<Result> {
  const queues = new WeakMap<Owner, Queue<Item, Result>>();

  async function settle(owner: Owner, batch: Waiting<Item, Result>[]): Promise<void> {
    try {
      const results = await write(
        owner,
        batch.map((waiting) => waiting.item),
      );
      if (results.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} writes returned ${results.length} results`);
      }
      for (const [index, waiting] of batch.entries()) waiting.resolve(results[index] as Result);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => settle(owner, [waiting])));
    }
  }

  function scheduleFlush(owner: Owner, queue: Queue<Item, Result>): void {
    queue.busy = true;
    // After the I/O of this turn: the requests read in it join the batch.
    setImmediate(async () => {
      await settle(owner, queue.waiting.splice(0, maxItems));
      if (queue.waiting.length > 0) scheduleFlush(owner, queue);
      else queue.busy = false;
    });
  }

  return (owner, item) =>
    new Promise<Result>((resolve, reject) => {
      let queue = queues.get(owner);
      if (!queue) {
        queue = { waiting: [], busy: false };
        queues.set(owner, queue);
      }
      queue.waiting.push({ item, resolve, reject });
      if (!queue.busy) scheduleFlush(owner, queue);
    });
}
