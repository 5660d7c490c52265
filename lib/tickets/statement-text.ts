import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { rawClient, type Db } from "@/db";

// Statements of the ticket lists and their search with their text made ONCE (issue 19 §2): drizzle
// builds a select from its parts on every call (0.3 ms of CPU for the list page, more than Postgres
// takes to run it prepared). A template is built by drizzle once, with markers where a request's
// parts go; a request renders only its filter (drizzle SQL as the callers compose it, 0.03 ms) and
// runs the text on the raw client, rows read by position.

export const dialect = new PgDialect();

/** Where a request's filter goes in a template. */
export const HOLE = "/*where*/";

/** The text of a statement built by drizzle with no parameters of its own (its markers are raw SQL). */
export function textOf(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = query.toSQL();
  // the request's parameters are numbered from $1 in the hole: the template may have none of its own
  if (params.length) throw new Error("a statement template takes no parameters");
  return text;
}

/** The template with the condition's text in its hole (a function: `$` in the text stays as it is). */
export const fill = (template: string, condition: string) => template.replace(HOLE, () => condition);

/** Runs a statement's text on the raw client (prepared or not), its rows as arrays of values. */
export async function runText(db: Db, text: string, params: unknown[], prepare: boolean): Promise<unknown[][]> {
  return rawClient(db).unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare }).values();
}
