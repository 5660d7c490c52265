import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import type { DbOrTx } from "@/db";
import { PREPARE } from "@/db/prepared-query";

const dialect = new PgDialect();

/**
 * Runs a drizzle `sql` statement as a prepared statement of the connection (postgres.js keeps it
 * per connection by its text). drizzle's own execute never prepares, and postgres.js then sends an
 * unprepared statement with parameters in two round trips (Parse/Describe, then Bind/Execute) and
 * the server plans it every time: on the bot's write, run for most inbound messages, that was a
 * round trip and a plan per message (issue 19). In a transaction (no client of its own) it runs
 * through drizzle as before.
 */
export async function executePrepared<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: postgres.Sql }).$client;
  if (!client) return (await db.execute(statement)) as unknown as T[];
  const q = dialect.sqlToQuery(statement);
  return (await client.unsafe(q.sql, q.params as postgres.ParameterOrJSON<never>[], { prepare: PREPARE })) as unknown as T[];
}
