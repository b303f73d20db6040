import type { Database } from "./client.server";

/**
 * A statement built once per database handle and prepared under the name `build` gives it:
 * drizzle does not assemble its SQL again on every call, and PostgreSQL parses and plans it once
 * per connection. For the statements every checkout or sign-in runs.
 */
export function preparedPerDatabase<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
