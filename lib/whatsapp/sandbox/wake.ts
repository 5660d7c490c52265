import postgres from "postgres";
import { forgetWithDatabase } from "@/db";

type Wake = () => void;

// One LISTEN connection per process, open while a sandbox connection runs here.
const holder = globalThis as unknown as { __sandboxWake?: { subs: Map<number, Set<Wake>>; sql: postgres.Sql | null } };
const state = (holder.__sandboxWake ??= { subs: new Map<number, Set<Wake>>(), sql: null });
// the LISTEN connection is to the database the process used: it goes with it
forgetWithDatabase("sandboxWake", () => {
  state.subs.clear();
  const sql = state.sql;
  state.sql = null;
  void sql?.end({ timeout: 2 }).catch(() => {});
});

/**
 * Calls `wake` when the sandbox phone of connection `whatsappId` sends something: the inbound
 * route's `pg_notify('sandbox', id)`, heard with LISTEN (on Postgres, and on the embedded PGlite
 * through its wire server's relay). The connection then polls at once instead of at its next
 * tick. Answers the unsubscribe; the last one closes the LISTEN connection. Without a
 * DATABASE_URL, or when LISTEN fails, nothing wakes: polling alone delivers.
 */
export function onSandboxInbound(whatsappId: number, wake: Wake): () => void {
  const url = process.env.DATABASE_URL;
  if (!url) return () => {};
  let set = state.subs.get(whatsappId);
  if (!set) state.subs.set(whatsappId, (set = new Set<Wake>()));
  set.add(wake);
  if (!state.sql) {
    // the embedded server's clients use no prepared statements (one shared session)
    const sql = postgres(url, { max: 1, onnotice: () => {}, prepare: process.env.DB_PREPARE !== "0" });
    state.sql = sql;
    sql.listen("sandbox", (payload) => state.subs.get(Number(payload))?.forEach((w) => w())).catch((err: Error) => {
      console.warn("[sandbox] LISTEN unavailable, polling only:", err.message);
    });
  }
  return () => {
    set.delete(wake);
    if (!set.size) state.subs.delete(whatsappId);
    if (!state.subs.size && state.sql) {
      const sql = state.sql;
      state.sql = null;
      void sql.end({ timeout: 2 }).catch(() => {});
    }
  };
}
