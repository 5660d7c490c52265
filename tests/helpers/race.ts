import postgres from "postgres";

/** "postgres" or "pglite": which kind of database this test file runs on (set by the setup file). */
export const dbKind = () => (process.env.TEST_DB_KIND ?? "postgres") as "postgres" | "pglite";

/**
 * Makes a race deterministic on a real server: holds `table` in SHARE ROW EXCLUSIVE mode (reads go
 * on, writes wait), starts the racers, waits until `writers` of them are queued on the lock (or
 * 3 s, if the code under test serialises them some other way), then lets them all go at once.
 * Both racers have then passed any "does it exist yet?" check before either writes.
 */
export async function raceOnTable<T>(table: string, writers: number, start: () => Promise<T>): Promise<T> {
  const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
  let running: Promise<T> | undefined;
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`lock table "${table}" in share row exclusive mode`);
      running = start();
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        const [{ n }] = await sql`
          select count(*)::int as n from pg_locks l
          where l.database = (select oid from pg_database where datname = current_database())
            and l.relation = ${table}::regclass and not l.granted`;
        if (n >= writers) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
  return running!;
}
