import { getDb } from "@/db";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import type { OutboundMessage, WhatsAppConnection } from "@/lib/whatsapp/types";
import type { WorkerDeps } from "@/lib/whatsapp/worker/types";
import { createWhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";

/**
 * A WhatsApp worker on real Postgres whose provider connects at once and hands every message it is
 * asked to send to `send`; the agents' outbox is claimed and marked as the product does.
 */
export function createSendingWorker(opts: {
  workerId: string;
  send: (m: OutboundMessage) => Promise<{ wid: string }>;
  leaseMs?: number;
  tickMs?: number;
  /** the outbox's calls a test wraps (a markSent that fails, a markFailed it records) */
  outbox?: Partial<WorkerDeps["outbox"]>;
}) {
  return createWhatsAppWorker({
    db: getDb,
    workerId: opts.workerId,
    providers: ["sandbox"],
    leaseMs: opts.leaseMs,
    tickMs: opts.tickMs,
    log: () => {},
    createConnection: (_p, c): WhatsAppConnection => ({
      start: async () => void (await c.emit({ type: "status", status: "CONNECTED" })),
      stop: async () => {},
      logout: async () => {},
      checkNumber: async (n) => n,
      send: opts.send,
      markRead: async () => {},
      edit: async () => {},
      deleteForEveryone: async () => {},
    }),
    onEvent: async () => {},
    outbox: {
      claim: (wid, limit) => claimOutbox(getDb(), wid, limit),
      markSent: async (r) => void (await markSent(getDb(), r)),
      markFailed: async (r) => void (await markFailed(getDb(), r)),
      ...opts.outbox,
    },
  });
}
