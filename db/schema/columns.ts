import { type Column, sql } from "drizzle-orm";
import { check, timestamp } from "drizzle-orm/pg-core";

/** Options for every timestamp column: timestamptz read as a JS Date. */
export const tz = { withTimezone: true, mode: "date" } as const;

// Index columns ordered newest first are written `.desc().nullsFirst()`: drizzle renders a bare
// `.desc()` as DESC NULLS LAST, which does not match the ORDER BY x DESC (nulls first) that
// drizzle's desc() emits, and the planner would then sort instead of reading the index in order.

// Function declarations (not arrow consts) so they are hoisted: schema files import each other
// in cycles, and a table may be built before this module's body has run.
export function createdAt() {
  return timestamp("created_at", tz).defaultNow().notNull();
}

export function updatedAt() {
  return timestamp("updated_at", tz)
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());
}

export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}

/** CHECK (column in ('a', 'b', ...)) built from one exported list of values (also used by zod). */
export function checkIn(name: string, column: Column, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
