import { getDb } from "@/db";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { createSandboxConnection } from "@/lib/whatsapp/providers/sandbox/connection";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import type { WorkerDeps } from "@/lib/whatsapp/worker/types";
import { createWhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";

/**
 * A WhatsApp worker of the sandbox provider wired as the product wires it (events into ingest, the
 * agents' outbox), polling the sandbox phone every 50 ms; `extra` adds duties (campaign outbox,
 * number checks) or changes timings.
 */
export function createSandboxWorker(workerId: string, extra: Partial<WorkerDeps> = {}) {
  return createWhatsAppWorker({
    db: getDb,
    workerId,
    providers: ["sandbox"],
    log: () => {},
    createConnection: (_p, ctx) => createSandboxConnection(ctx, { pollMs: 50 }),
    onEvent: (conn, ev) => handleProviderEvent(getDb(), conn, ev),
    outbox: {
      claim: (w, l) => claimOutbox(getDb(), w, l),
      markSent: async (r) => void (await markSent(getDb(), r)),
      markFailed: async (r) => void (await markFailed(getDb(), r)),
    },
    ...extra,
  });
}
