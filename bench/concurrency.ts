/** A copy of `values` in random order (Fisher–Yates). */
export function shuffled<T>(values: T[]): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    const value = copy[index];
    copy[index] = copy[other] as T;
    copy[other] = value as T;
  }
  return copy;
}

/** Runs `work` on every item, at most `limit` at a time. */
export async function inParallel<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}
