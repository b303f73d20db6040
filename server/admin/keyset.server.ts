/**
 * Reading a list in pages that start after the last row of the page before (keyset pagination):
 * a page deep in the list costs what the first one does, and rows written meanwhile shift none.
 */
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A column of a table, or of a subquery (which knows no type of its own: its type is given). */
export type KeysetColumn = PgColumn | { column: SQL.Aliased; type: string };

/** The order a list is read in: a column, then the row's id for rows with equal values. */
export interface KeysetOrder {
  column: KeysetColumn;
  descending: boolean;
}

function sortColumn(column: KeysetColumn): { column: PgColumn | SQL.Aliased; type: string } {
  return "getSQLType" in column ? { column, type: column.getSQLType() } : column;
}

/** Where the page before ended: its last row's sort value (selected as `sortValue`) and id. */
export interface KeysetRow {
  sortValue: string;
  id: string;
}

/** The ORDER BY of `order`: its column, then the id, so that equal values keep one order. */
export function inKeysetOrder(order: KeysetOrder, idColumn: PgColumn | SQL.Aliased): SQL[] {
  const { column } = sortColumn(order.column);
  return order.descending ? [desc(column), desc(idColumn)] : [asc(column), asc(idColumn)];
}

/** What a query needs to read a list in `order` a page at a time. */
export function keyset(order: KeysetOrder, idColumn: PgColumn | SQL.Aliased) {
  const { column, type } = sortColumn(order.column);
  return {
    /**
     * The sort column as text, to select as `sortValue`: as the database has it, so that a
     * timestamp keeps its microseconds, which a JavaScript date would lose. Named apart from the
     * column itself, which the ORDER BY names.
     */
    sortValue: sql<string>`${column}::text`.as("sort_value"),
    orderBy: inKeysetOrder(order, idColumn),
    /** The rows that come after `last`; every row at first (`last` is `null`). */
    after(last: KeysetRow | null): SQL | undefined {
      if (!last) return undefined;
      const value = sql`cast(${last.sortValue} as ${sql.raw(type)})`;
      const comparison = sql.raw(order.descending ? "<" : ">");
      return sql`(${column}, ${idColumn}) ${comparison} (${value}, ${last.id})`;
    },
  };
}
