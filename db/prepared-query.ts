/** Whether hot paths send named prepared statements: not on embedded PGlite, one shared session where they would collide (db/index.ts). */
export const PREPARE = process.env.DB_PREPARE !== "0";

type Preparable<T> = PromiseLike<T> & { prepare(name: string): { execute(): Promise<T> } };

/**
 * Runs a drizzle query builder as a prepared statement of the connection (postgres.js keeps it per
 * connection by its text). drizzle sends a builder's query unnamed unless it is `.prepare()`d, so
 * Postgres planned the ticket lists' page on every request: 1.3-1.5 ms of planning beside 0.7-1.2
 * ms of execution on the large tenant (issue 19). Prepared, Postgres plans it a few times and then
 * keeps a generic plan when that is no worse. For statements whose shapes are few (the SQL text
 * varies with the filters, not their values).
 */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  return PREPARE ? query.prepare("list").execute() : Promise.resolve(query);
}
