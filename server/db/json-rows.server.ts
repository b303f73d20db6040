/**
 * Many rows sent as one JSON parameter and unpacked by the database
 * (`json_populate_recordset`). A multi-row `values` list costs the query builder work for every
 * value of every row, most of the CPU time of a batched write; one JSON document costs one
 * `JSON.stringify`, and the statement's text is the same whatever the number of rows.
 */
import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

type Row = Record<string, unknown>;

const columnsByTable = new WeakMap<PgTable, Array<[string, Column]>>();

/** The table's columns that the rows name, in the table's order. */
function namedColumns(table: PgTable, rows: Row[]): Array<[string, Column]> {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsByTable.set(table, columns);
  }
  return columns.filter(([key]) => rows.some((row) => key in row));
}

/**
 * `select <columns> from json_populate_recordset(…)` over `rows`, in the table's column order,
 * for the columns the rows name. Values go as JSON: a jsonb column takes the object itself, a
 * timestamp its ISO text. Every row should name the same columns: one a row leaves out is null
 * there, not the column's default.
 */
function jsonRowsQuery(table: PgTable, rows: Row[]): { columns: SQL; select: SQL } {
  const named = namedColumns(table, rows);
  const records = rows.map((row) =>
    Object.fromEntries(named.map(([key, column]) => [column.name, row[key] ?? null])),
  );
  const columns = sql.join(
    named.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const select = sql`select ${columns} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`;
  return { columns, select };
}

/** The rows as a `select`, to feed an `insert … select` (see jsonRowsQuery). */
export function selectJsonRows<T extends PgTable>(table: T, rows: T["$inferInsert"][]): SQL {
  return jsonRowsQuery(table, rows).select;
}

/** `insert into <table> (<columns>) select …` of `rows` (see jsonRowsQuery). */
export function insertJsonRows<T extends PgTable>(table: T, rows: T["$inferInsert"][]): SQL {
  const { columns, select } = jsonRowsQuery(table, rows);
  return sql`insert into ${table} (${columns}) ${select}`;
}
