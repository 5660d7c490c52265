// A WhatsApp worker on real Postgres whose provider connects at once and records what it is asked
// (start, stop, logout): for tests of what companies' suspension and deletion do to connections.
import { getDb } from "@/db";
import type { ProviderContext, WhatsAppConnection } from "@/lib/whatsapp/types";
import { updateSessionState } from "@/lib/whatsapp/worker/session-state";
import { createWhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";

export type FakeConnection = { whatsappId: number; started: number; stopped: number; loggedOut: number };

export function createFakeWorker(id: string, opts: { tickMs?: number } = {}) {
  const fakes: FakeConnection[] = [];
  const worker = createWhatsAppWorker({
    db: getDb,
    workerId: id,
    providers: ["sandbox", "beta"],
    leaseMs: 30_000,
    tickMs: opts.tickMs ?? 50,
    log: () => {},
    createConnection: (_provider, ctx: ProviderContext): WhatsAppConnection => {
      const fake: FakeConnection = { whatsappId: ctx.whatsappId, started: 0, stopped: 0, loggedOut: 0 };
      fakes.push(fake);
      return {
        async start() {
          fake.started++;
          await ctx.emit({ type: "status", status: "CONNECTED" });
        },
        async stop() {
          fake.stopped++;
        },
        async logout() {
          fake.loggedOut++;
          await ctx.emit({ type: "status", status: "DISCONNECTED" });
        },
        checkNumber: async (n) => n,
        send: async (m) => ({ wid: m.wid }),
        markRead: async () => {},
        edit: async () => {},
        deleteForEveryone: async () => {},
      };
    },
    // status events are written as the product writes them (the connection's row)
    onEvent: async (ref, ev) => {
      if (ev.type === "status") await updateSessionState(getDb(), ref, { status: ev.status });
    },
    outbox: { claim: async () => [], markSent: async () => {}, markFailed: async () => {} },
  });
  const of = (whatsappId: number) => fakes.filter((f) => f.whatsappId === whatsappId);
  return { worker, fakes, of };
}
