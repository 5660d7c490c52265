// The product's side of the soak (tests/bench/whatsapp-soak.ts): the real WhatsApp worker with the
// deps workers/whatsapp.ts passes (event sink, outbox, campaign outbox, number checks, LISTEN
// wakes), each connection the real Baileys adapter (createBaileysConnection, its Postgres inbox,
// auth state and sent-message store) on a line's fake socket, and the embedded scheduler that runs
// the campaign dispatcher (lib/campaigns/dispatch) in a worker process without Inngest.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { getDb } from "@/db";
import { ensureBotProviders } from "@/lib/bots/register-providers";
import { campaignOutbox } from "@/lib/campaigns/dispatch/outbox";
import { ignoresGroupMessages } from "@/lib/chatbot/settings";
import { numberChecks } from "@/lib/contact-lists/number-checks";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { countEvent, countSends } from "@/lib/observability/worker-metrics";
import { createBaileysConnection } from "@/lib/whatsapp/providers/baileys/connection";
import { DEFAULT_LIMITS } from "@/lib/whatsapp/providers/baileys/reconnect-policy";
import { handleProviderEvent, mayBeRetried } from "@/lib/whatsapp/worker/event-sink";
import { inboxRetryDelayMs } from "@/lib/whatsapp/worker/inbox-drain";
import type { WorkerDeps } from "@/lib/whatsapp/worker/types";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { FAKE_WA_VERSION } from "../helpers/fake-baileys-socket";
import type { Line } from "./soak-world";

type Outbox = WorkerDeps["outbox"];

/**
 * A worker process of the soak. `restart` plays a crash and a new process: the running worker is
 * abandoned (its sockets close, its leases stay until they lapse, `leaseMs` of wall clock) and a
 * new one with another workerId starts at once, taking the connections over when the leases lapse.
 */
export function createSoakWorkers(opts: { url: string; lines: Map<number, Line>; speed: number; leaseMs: number }) {
  const { lines, speed } = opts;
  ensureBotProviders();
  let generation = 0;
  let worker: WhatsAppWorker | null = null;

  // the adapter as lib/whatsapp/providers/index.ts makes it, on the line's fake socket, with its
  // WhatsApp-side waits in fake time: inbox retries and held-turn spacing, the reconnect policy's
  // "stable open" and "needs attention" spans (its reconnect delays: soak-clock.ts)
  const createConnection: WorkerDeps["createConnection"] = (_provider, ctx) =>
    createBaileysConnection(ctx, {
      makeSocket: lines.get(ctx.whatsappId)!.makeSocket,
      versions: { fetchLatest: async () => FAKE_WA_VERSION },
      ignoresGroups: () => ignoresGroupMessages(getDb(), ctx.companyId),
      inboxTiming: { retryDelayMs: (attempts) => inboxRetryDelayMs(attempts) / speed, heldTurnSpacingMs: 1000 / speed },
      reconnectLimits: { ...DEFAULT_LIMITS, stableMs: DEFAULT_LIMITS.stableMs / speed, attentionMs: DEFAULT_LIMITS.attentionMs / speed },
    });

  function make(): WhatsAppWorker {
    const workerId = `soak:${++generation}:${randomBytes(3).toString("hex")}`;
    const outbox: Outbox = {
      claim: (...args) => claimOutbox(getDb(), ...args),
      markSent: async (row) => void (await markSent(getDb(), row)),
      markFailed: async (row) => void (await markFailed(getDb(), row)),
    };
    return createWhatsAppWorker({
      db: getDb,
      workerId,
      leaseMs: opts.leaseMs,
      providers: ["beta"],
      createConnection,
      // as workers/whatsapp.ts: a customer's message not stored for a reason that may pass is thrown
      // back, so the adapter keeps it in its inbox and tries again
      onEvent: async (conn, event) => {
        try {
          await handleProviderEvent(getDb(), conn, event);
          countEvent(event);
        } catch (err) {
          console.error(`[soak] whatsapp event ${event.type} of connection ${conn.id} failed: ${(err as Error).message}`);
          if (mayBeRetried(event, err)) throw err;
        }
      },
      outbox: countSends("outbound", outbox),
      campaignOutbox: countSends("campaignSent", campaignOutbox(getDb)),
      numberChecks: numberChecks(getDb),
      log: (l) => console.log(`[whatsapp ${workerId}] ${l}`),
    });
  }

  // LISTEN as workers/whatsapp.ts does: new outbox rows (the dispatcher's NOTIFY) and released leases
  const listener = postgres(opts.url, { max: 1, onnotice: () => {} });
  const wake = () => void worker?.tick();
  const listening = Promise.all(["outbox", "whatsapp_session"].map((ch) => listener.listen(ch, wake)));

  const scheduler = createEmbeddedScheduler({ db: getDb, log: (l) => console.log(`[scheduler] ${l}`) });

  return {
    generation: () => generation,
    running: () => worker?.running() ?? [],
    async start() {
      await listening;
      worker = make();
      await worker.start();
      scheduler.start();
    },
    async restart() {
      await worker?.abandon();
      worker = make();
      await worker.start();
    },
    async stop() {
      await scheduler.stop();
      await worker?.stop();
      await listener.end({ timeout: 2 }).catch(() => {});
    },
  };
}
