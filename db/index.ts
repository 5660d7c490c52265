import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

type Holder = { url: string; client: postgres.Sql; db: Db };
const holder = globalThis as unknown as { __appDb?: Holder; __dbForgetters?: Map<string, () => void> };
const forgetters = () => (holder.__dbForgetters ??= new Map());

/**
 * Registers how to forget what this process keeps from its database's rows (a cache of contexts,
 * tickets, timers holding the client): called when the database closes, or when getDb() is asked
 * for another database, so nothing read from one database answers for another. Keyed by name, so
 * a module loaded again (hot reload, a test worker) replaces its entry.
 */
export function forgetWithDatabase(name: string, forget: () => void) {
  forgetters().set(name, forget);
}

function forgetKept() {
  for (const forget of forgetters().values()) forget();
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the product with `npm run demo` (embedded PGlite) or set DATABASE_URL.",
    );
  }
  return url;
}

/** The shared client; one pool per process, created on first use (hot reload keeps it). */
export function getDb(): Db {
  const url = databaseUrl();
  if (holder.__appDb && holder.__appDb.url === url) return holder.__appDb.db;
  if (holder.__appDb) forgetKept(); // another database: what the process kept came from the old one
  const client = postgres(url, {
    max: Number(process.env.DB_POOL_MAX ?? 10),
    // embedded PGlite is one shared session: named prepared statements would collide across clients
    prepare: process.env.DB_PREPARE !== "0",
    onnotice: () => {},
    connection: { application_name: "atendimento" },
  });
  const db = drizzle(client, { schema });
  holder.__appDb = { url, client, db };
  return db;
}

/**
 * The postgres.js client behind a drizzle database, for the measured hot paths written as raw SQL
 * (ingest, the request context). A transaction has none: those paths run on the database itself.
 */
export function rawClient(db: Db): postgres.Sql {
  const client = (db as Db & { $client?: postgres.Sql }).$client;
  if (!client) throw new Error("raw SQL needs the database client (getDb()), not a transaction");
  return client;
}

export async function closeDb() {
  const h = holder.__appDb;
  holder.__appDb = undefined;
  forgetKept();
  if (h) await h.client.end({ timeout: 5 });
}

export { schema };
