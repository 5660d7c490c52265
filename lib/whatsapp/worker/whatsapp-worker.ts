import type { Db } from "@/db";
import { AppError } from "@/lib/api/errors";
import type { ProviderEvent, WhatsAppConnection } from "../types";
import { claimConnections, clearSessionRequest, pendingSessionRequests, releaseLeases, renewLeases, type LeasedConnection } from "./leases";
import { offerLocalWake } from "./local-wake";
import { addCheckCount, createCheckBudget, loadCheckCount, NUMBER_CHECK_PACE, runNumberChecks, type CheckBudget } from "./number-checks";
import { claimRevokes } from "./revokes";
import { createSendPacer, type SendPacer } from "./send-pacer";
import { createBatchSender, errorCode } from "./send-batches";
import type { ConnectionRef, WorkerDeps } from "./types";
import { registerWorkerProcess, reportWorkerProcess, stopWorkerProcess } from "./worker-processes";

/** `again`: rows were announced during an outbox pass, after its last claim maybe: one more pass follows */
type Running = {
  ref: ConnectionRef;
  conn: WhatsAppConnection;
  connected: boolean;
  sending: boolean;
  again: boolean;
  checking: boolean;
  /** background number checks and campaigns' lookups: the next batch's time, today's count */
  budget: CheckBudget;
  /** what nobody asked for waits its turn on a real number (send-pacer.ts); null: not paced */
  pacer: SendPacer | null;
};

/**
 * The WhatsApp worker: holds a lease on each connection it runs (another worker takes over when
 * it lapses), starts the provider, carries out session requests, writes provider events through
 * `onEvent` and sends the outbox. Everything it needs to resume lives in Postgres.
 */
export function createWhatsAppWorker(deps: WorkerDeps) {
  const leaseMs = deps.leaseMs ?? 30_000;
  const log = deps.log ?? ((l: string) => console.log(`[whatsapp] ${l}`));
  const running = new Map<number, Running>();
  let ticking: Promise<void> | null = null;
  let stopped = false;
  // outbox passes started by a CONNECTED event, and number checks, run outside a tick; stop() waits for them too
  const flushing = new Set<Promise<void>>();

  const emitFor = (ref: ConnectionRef) => async (event: ProviderEvent) => {
    const r = running.get(ref.id);
    if (event.type === "status" && r) r.connected = event.status === "CONNECTED";
    await deps.onEvent(ref, event);
    if (r && event.type === "status" && event.status === "CONNECTED") void trackFlush(r);
    // gave up pairing, or logged out: stop and let the lease go until someone asks again
    if ((event.type === "status" && event.status === "DISCONNECTED") || event.type === "loggedOut") {
      if (running.get(ref.id) === r) await drop(ref.id, false);
    }
  };

  async function start(row: LeasedConnection) {
    const ref = { id: row.id, companyId: row.companyId, provider: row.provider };
    const conn = deps.createConnection(row.provider, { companyId: row.companyId, whatsappId: row.id, emit: emitFor(ref) });
    const pacer = row.provider !== "sandbox" && deps.sendPacing !== false ? createSendPacer(deps.db, ref) : null;
    // the day's lookups go on from what the database counted (another worker, a restart)
    const counted = await loadCheckCount(deps.db(), row.id).catch(() => undefined);
    const saveSpent = row.provider === "sandbox" ? undefined : (n: number) => void addCheckCount(deps.db(), row.id, n).catch((err) => log(`counting lookups of connection ${row.id} failed: ${(err as Error).message}`));
    const budget = createCheckBudget(deps.numberCheckPace ?? NUMBER_CHECK_PACE, counted, saveSpent);
    running.set(row.id, { ref, conn, connected: false, sending: false, again: false, checking: false, budget, pacer });
    try {
      await conn.start();
      log(`connection ${row.id} (${row.provider}) started`);
    } catch (err) {
      log(`connection ${row.id} failed to start: ${(err as Error).message}`);
      await drop(row.id, false);
    }
  }

  async function drop(id: number, logout: boolean) {
    const r = running.get(id);
    running.delete(id);
    if (r) await (logout ? r.conn.logout() : r.conn.stop()).catch(() => {});
    await releaseLeases(deps.db(), deps.workerId, [id]);
  }

  async function handleRequest(row: LeasedConnection) {
    const r = running.get(row.id);
    if (row.sessionRequest === "logout") {
      if (r) await drop(row.id, true);
      else {
        await deps.onEvent({ id: row.id, companyId: row.companyId, provider: row.provider }, { type: "status", status: "DISCONNECTED" });
        await releaseLeases(deps.db(), deps.workerId, [row.id]);
      }
    } else if (row.sessionRequest === "restart") {
      if (r) {
        running.delete(row.id);
        await r.conn.logout().catch(() => {});
      }
      await start(row);
    } else if (!r) await start(row);
    await clearSessionRequest(deps.db(), row.id, row.sessionRequestedAt);
  }

  // messages agents deleted (DELETE /api/messages/{id}): deleted for everyone on WhatsApp too
  async function revokeDeleted(r: Running) {
    for (const item of await claimRevokes(deps.db(), r.ref.id)) {
      try {
        await r.conn.deleteForEveryone(item.chatId, item.wid, item.fromMe);
      } catch (err) {
        // the message stays deleted here; WhatsApp keeps it
        log(`revoking message ${item.id} on connection ${r.ref.id} failed: ${err instanceof AppError ? err.code : (err as Error).message}`);
      }
    }
  }

  function trackFlush(r: Running) {
    return track(flushOutbox(r).catch((err) => log(`outbox of connection ${r.ref.id} failed: ${(err as Error).message}`)));
  }

  function track(work: Promise<void>) {
    const p = work.finally(() => flushing.delete(p));
    flushing.add(p);
    return p;
  }

  async function flushOutbox(r: Running) {
    if (!r.connected || stopped) return;
    if (r.sending) return void (r.again = true);
    r.sending = true;
    r.again = false;
    try {
      // first, so a deleted row still waiting to be sent is cancelled before it can be claimed
      await revokeDeleted(r);
      // agents' messages first, then a batch of campaign messages, in turns: a long campaign
      // never holds an agent's reply back by more than one campaign batch
      for (;;) {
        if (stopped) return;
        const agents = await sendAgentBatch(r);
        if (agents === "stop") return;
        const campaign = await sendCampaignBatch(r);
        if (campaign === "stop") return;
        if (!agents && !campaign) break;
      }
      // rows deleted while they were being sent
      if (!stopped) await revokeDeleted(r);
    } finally {
      r.sending = false;
    }
    if (r.again && running.get(r.ref.id) === r) void trackFlush(r);
  }

  /**
   * An admin asked for a pairing code (NOTIFY whatsapp_pair, lib/connections/pairing-notice.ts):
   * asked of the connection if this worker runs it. Answers whether it did.
   */
  function pair(id: number, number: string): boolean {
    const r = running.get(id);
    if (!r?.conn.pairByCode || stopped) return false;
    void track(r.conn.pairByCode(number).catch((err) => log(`pairing code for connection ${id} failed: ${errorCode(err)}`)));
    return true;
  }

  /** A row of this connection's outbox was written by this process: send it now if this worker runs it. */
  function wake(db: Db, id: number): boolean {
    const r = running.get(id);
    if (!r || stopped || db !== deps.db()) return false;
    void trackFlush(r);
    return true;
  }

  const { sendAgentBatch, sendCampaignBatch } = createBatchSender(deps, { stopped: () => stopped, log });

  async function tickOnce() {
    const db = deps.db();
    const held = await renewLeases(db, deps.workerId, [...running.keys()], leaseMs);
    for (const id of [...running.keys()]) {
      if (held.includes(id)) continue;
      log(`lease of connection ${id} lost; stopping it here`);
      const r = running.get(id);
      running.delete(id);
      await r?.conn.stop().catch(() => {});
    }
    for (const row of await claimConnections(db, deps.workerId, leaseMs, deps.providers)) {
      if (row.sessionRequest) await handleRequest(row);
      else await start(row);
    }
    for (const row of await pendingSessionRequests(db, deps.workerId)) await handleRequest(row);
    // alive, with the connections it holds now (worker_processes: readiness and metrics read it)
    await reportWorkerProcess(db, deps.workerId, running.size).catch((err) => log(`reporting the worker failed: ${(err as Error).message}`));
    await Promise.all([...running.values()].map((r) => flushOutbox(r)));
    // off the tick: a slow provider answer must not hold back the next outbox pass
    const checks = deps.numberChecks;
    if (checks) {
      const o = { checks, perTick: deps.numberChecksPerTick ?? 10, stopped: () => stopped, log };
      for (const r of running.values()) track(runNumberChecks(r, o));
    }
  }

  /** One pass: leases, session requests, outbox. Concurrent calls share the pass in progress. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    ticking ??= tickOnce()
      .catch((err) => log(`tick failed: ${(err as Error).message}`))
      .finally(() => (ticking = null));
    return ticking;
  }

  let timer: NodeJS.Timeout | null = null;
  let withdrawWake = () => {};
  return {
    tick,
    pair,
    running: () => [...running.keys()],
    async start() {
      await registerWorkerProcess(deps.db(), deps.workerId);
      withdrawWake = offerLocalWake(wake);
      timer = setInterval(() => void tick(), deps.tickMs ?? 1000);
      return tick();
    },
    /** Stops every connection without logging out and lets the leases go for another worker. */
    async stop() {
      stopped = true;
      withdrawWake();
      if (timer) clearInterval(timer);
      await ticking;
      await Promise.all([...flushing]);
      const ids = [...running.keys()];
      await Promise.all([...running.values()].map((r) => r.conn.stop().catch(() => {})));
      running.clear();
      // no longer counted among the live workers, so those taking over claim a full share at once
      await stopWorkerProcess(deps.db(), deps.workerId);
      // sockets closed first: the next holder never runs a connection alongside this one
      await releaseLeases(deps.db(), deps.workerId, ids);
    },
    /** Simulates a crash in tests: connections stop, leases are kept until they lapse. */
    async abandon() {
      stopped = true;
      withdrawWake();
      if (timer) clearInterval(timer);
      await ticking;
      await Promise.all([...running.values()].map((r) => r.conn.stop().catch(() => {})));
      running.clear();
    },
  };
}

export type WhatsAppWorker = ReturnType<typeof createWhatsAppWorker>;
