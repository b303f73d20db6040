/**
 * What the back office's lists share about a query that lives in the URL: each parameter read
 * on its own, an unusable value reported rather than refused, and links that keep the query.
 */
import type { z } from "zod";

/** A list's query: each parameter a string, a number, or `null` when it is not set. */
export type ListQuery<Query> = Record<keyof Query, string | number | null>;

/** The schema of each parameter of a query: what a usable value is, and what it reads as. */
export type ParamSchemas<Query extends ListQuery<Query>> = {
  [Name in keyof Query]-?: z.ZodType<NonNullable<Query[Name]>>;
};

export interface ReadParams<Query extends ListQuery<Query>> {
  /** Each parameter's value, or `null` when it is absent, blank or unusable. */
  values: { [Name in keyof Query]: NonNullable<Query[Name]> | null };
  /** Parameters whose values were refused, in the order of `schemas`. */
  ignored: Array<keyof Query & string>;
}

/**
 * Reads each parameter `schemas` names from a URL's search parameters, trimmed. An absent or
 * blank parameter is `null` silently; an unusable one is `null` and listed in `ignored`.
 */
export function readParams<Query extends ListQuery<Query>>(
  params: URLSearchParams,
  schemas: ParamSchemas<Query>,
): ReadParams<Query> {
  const ignored: Array<keyof Query & string> = [];
  const entries = (Object.keys(schemas) as Array<keyof Query & string>).map((name) => {
    const raw = params.get(name)?.trim();
    if (!raw) return [name, null];
    const parsed = schemas[name].safeParse(raw);
    if (parsed.success) return [name, parsed.data];
    ignored.push(name);
    return [name, null];
  });
  return { values: Object.fromEntries(entries) as ReadParams<Query>["values"], ignored };
}

/** A date range whose `from` is after its `to`, swapped: whoever picked the two days meant the days between. */
export function withDaysInOrder<Query extends { from: string | null; to: string | null }>(
  query: Query,
): Query {
  if (query.from && query.to && query.from > query.to) {
    return { ...query, from: query.to, to: query.from };
  }
  return query;
}

/**
 * The search string (`?status=new&page=2`, or `""`) of `query` with `overrides` applied, for a
 * list's links; its parameters in the order of `defaults`, each left out at its default.
 * Changing any other parameter takes the `position` parameters (the page, a cursor) back to
 * their defaults unless the overrides name them: the old position may not exist in the new list.
 */
export function querySearch<Query extends ListQuery<Query>>(
  defaults: Readonly<Query>,
  position: ReadonlyArray<keyof Query>,
  query: Query,
  overrides: Partial<Query> = {},
): string {
  const names = Object.keys(defaults) as Array<keyof Query & string>;
  const changesList = names.some(
    (name) => !position.includes(name) && name in overrides && overrides[name] !== query[name],
  );
  const reset = changesList
    ? Object.fromEntries(position.map((name) => [name, defaults[name]]))
    : {};
  const next: Query = { ...query, ...reset, ...overrides };
  const params = new URLSearchParams();
  for (const name of names) {
    const value = next[name];
    if (value !== null && value !== defaults[name]) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
