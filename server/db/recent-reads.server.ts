/** How old an owner's change may be when a page or a checkout reads it: about a second. */
export const ownerChangesShowWithinMs = 1_000;

interface Entry<Value> {
  readAt: number;
  value: Promise<Value>;
}

/**
 * Reads that may be up to `maxAgeMs` old, kept per database and key, for what the owner changes
 * rarely and every page or checkout reads (the settings, the promotions): concurrent requests
 * share one query instead of sending one each. A read that fails is not kept. At most `maxKeys`
 * keys are kept per owner (the oldest read goes first), so that keys a visitor makes up
 * (promotion codes) cannot fill the memory.
 */
export function recentReads<Owner extends object, Value>({
  maxAgeMs = ownerChangesShowWithinMs,
  maxKeys = 500,
} = {}) {
  const byOwner = new WeakMap<Owner, Map<string, Entry<Value>>>();
  return function read(
    owner: Owner,
    key: string,
    load: () => Promise<Value>,
    now = Date.now(),
  ): Promise<Value> {
    let entries = byOwner.get(owner);
    if (!entries) {
      entries = new Map();
      byOwner.set(owner, entries);
    }
    const kept = entries.get(key);
    // A clock set back makes a read look young: it is read again too.
    if (kept && now >= kept.readAt && now - kept.readAt < maxAgeMs) return kept.value;
    const value = load();
    const entry = { readAt: now, value };
    entries.delete(key);
    if (entries.size >= maxKeys) entries.delete(entries.keys().next().value ?? "");
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}
