import { randomBytes } from "node:crypto";
import os from "node:os";
import postgres from "postgres";
import { closeDb, getDb } from "@/db";
import { ensureBotProviders } from "@/lib/bots/register-providers";
import { PAIRING_CHANNEL, readPairingNotice } from "@/lib/connections/pairing-notice";
import { campaignOutbox } from "@/lib/campaigns/dispatch/outbox";
import { numberChecks } from "@/lib/contact-lists/number-checks";
import { getEnv } from "@/lib/env";
import { isInngestConfigured } from "@/lib/jobs/config";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { logger } from "@/lib/observability/logger";
import { safeError } from "@/lib/observability/safe-error";
import { countEvent, countSends, serveWorkerMetrics } from "@/lib/observability/worker-metrics";
import { createProviderConnection, enabledProviders } from "@/lib/whatsapp/providers";
import { handleProviderEvent, mayBeRetried } from "@/lib/whatsapp/worker/event-sink";
import { createWhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";

// The WhatsApp worker process (ARCHITECTURE: workers/whatsapp.ts): one per machine by default,
// several scale out (leases decide who runs which connection).
async function main() {
  const env = getEnv(); // refuse to run on a bad configuration
  ensureBotProviders(); // prompts and queue integrations answer (lib/bots: the chatbot and the bot-turn runner)
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const db = getDb;
  const worker = createWhatsAppWorker({
    db,
    workerId,
    leaseMs: env.WORKER_LEASE_MS,
    providers: enabledProviders(),
    createConnection: createProviderConnection,
    onEvent: async (conn, event) => {
      try {
        await handleProviderEvent(getDb(), conn, event);
        countEvent(event);
      } catch (err) {
        logger().error({ connection: conn.id, event: event.type, error: safeError(err) }, "whatsapp event failed");
        // a customer's message (or its edit, its deletion) not stored for a reason that may pass (the
        // database away): the provider keeps it and tries again (the inbox, the sandbox's own rows)
        if (mayBeRetried(event, err)) throw err;
      }
    },
    // sent messages counted for this process's metrics (docs/observability.md)
    outbox: countSends("outbound", {
      claim: (whatsappId, limit, room) => claimOutbox(getDb(), whatsappId, limit, room),
      markSent: async (row) => void (await markSent(getDb(), row)),
      markFailed: async (row) => void (await markFailed(getDb(), row)),
    }),
    // campaign messages, sent in turns with agents' messages (issue 15)
    campaignOutbox: countSends("campaignSent", campaignOutbox(getDb)),
    // background WhatsApp checks of contact-list numbers (issue 15)
    numberChecks: numberChecks(getDb),
  });
  // SIGTERM (the launcher, compose, Ctrl+C): close the sockets and release the leases so another
  // worker takes the connections at once, not after WORKER_LEASE_MS. Handled from before the start
  // claims anything: a stop during the start waits for it, then releases what it took.
  let unlisten = async () => {};
  let scheduler: ReturnType<typeof createEmbeddedScheduler> | null = null;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await starting.catch(() => {});
    const held = worker.running().length;
    await scheduler?.stop();
    await worker.stop();
    console.log(`WhatsApp worker ${workerId} stopped; released ${held} connection(s)`);
    await unlisten();
    await closeDb();
    process.exit(0);
  };
  const starting = (async () => {
    unlisten = await listen(
      () => void worker.tick(),
      // pairing codes are asked of the live socket (lib/connections/pairing-notice.ts)
      (payload) => {
        const notice = readPairingNotice(payload);
        if (notice) worker.pair(notice.whatsappId, notice.number);
      },
    );
    serveWorkerMetrics(); // GET /metrics on METRICS_PORT, with METRICS_TOKEN (docs/observability.md)
    await worker.start();
  })();
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
  await starting;
  if (stopping) return;
  console.log(`WhatsApp worker ${workerId} running (${enabledProviders().join(", ")})`);
  // timed work (scheduled messages): Inngest when configured, else this timer
  scheduler = isInngestConfigured() ? null : createEmbeddedScheduler({ db: getDb, intervalMs: env.SCHEDULER_INTERVAL_MS });
  scheduler?.start();
  console.log(scheduler ? `Embedded scheduler running every ${env.SCHEDULER_INTERVAL_MS} ms` : "Timed work runs on Inngest (/api/inngest)");
}

/**
 * LISTEN for new outbox rows, session requests, pairing-code requests and sandbox traffic, so the
 * worker acts at once; on the embedded PGlite too, whose wire server relays notifications between
 * its clients.
 */
async function listen(wake: () => void, pair: (payload: string) => void) {
  try {
    // the embedded server's clients use no prepared statements (one shared session)
    const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {}, prepare: process.env.DB_PREPARE !== "0" });
    await Promise.all(["outbox", "whatsapp_session", "sandbox"].map((ch) => sql.listen(ch, wake)));
    await sql.listen(PAIRING_CHANNEL, pair);
    return async () => void (await sql.end({ timeout: 2 }));
  } catch (err) {
    console.warn("[whatsapp] LISTEN unavailable, polling only:", (err as Error).message);
    return async () => {};
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
