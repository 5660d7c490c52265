// The scale-out proof itself, shared by the bench (two web processes over HTTP) and the
// integration test (route handlers in process): workers share the connections, traffic flows, one
// worker is stopped with SIGTERM and another killed with SIGKILL, and at the end every message is
// counted: on the phones, in the database and in every browser.
import type { Browser } from "./scale-out-browser";
import type { Front } from "./scale-out-front";
import type { ProductProcess } from "./scale-out-processes";
import { waitUntil } from "./scale-out-processes";
import { startTraffic } from "./scale-out-traffic";
import { holders, ingested, liveWorkers, onPhones, pendingQr, requestStart, storedAt, tally, type World } from "./scale-out-world";

export type ScaleOutResult = {
  split: number[];
  takeoverAfterTermMs: number;
  takeoverAfterKillMs: number;
  termReleased: string;
  inbound: number;
  replies: number;
  inboundLost: number;
  repliesLost: number;
  sentTwice: number;
  storedTwice: number;
  deliveredAgain: number;
  unservedConnections: number;
  browsersMissing: Record<string, number>;
  /** the ids a browser missed */
  missedIds: string[];
  /**
   * misses other than inbound messages the killed worker stored in the second before SIGKILL (it
   * commits, then publishes: a kill in between loses the event; the replay is ignored by its id)
   */
  unexplainedMisses: Record<string, number>;
};

// the worker's id as workers/whatsapp.ts logs it at start ("WhatsApp worker host:pid:hex running")
const workerIdOf = (p: ProductProcess) => p.output().match(/WhatsApp worker (\S+:\d+:\w+) running/)?.[1];

export async function runScaleOut(opts: { world: World; fronts: Front[]; browsers: Browser[]; workers: ProductProcess[]; roundMs: number; phaseMs: number; tag: string }): Promise<ScaleOutResult> {
  const { world, fronts, workers } = opts;
  const ids = world.connectionIds;
  for (const w of workers) await waitUntil(`${w.name} to run`, async () => Boolean(workerIdOf(w)), { proc: w, timeoutMs: 180_000 });
  await waitUntil("every worker registered", async () => (await liveWorkers()).length >= workers.length);
  await requestStart(ids);
  // the phones scan the QR codes the workers show, through the fronts in turn
  const scanned = new Set<number>();
  await waitUntil("every connection paired", async () => {
    for (const { id } of await pendingQr(ids)) if (!scanned.has(Number(id))) await fronts[scanned.size % fronts.length].scan(Number(id)).then(() => scanned.add(Number(id)));
    return scanned.size === ids.length;
  });
  const connected = async () => [...(await holders(ids)).values()].every((h) => h.owner && h.status === "CONNECTED");
  await waitUntil("every connection connected", connected);
  const owners = async () => [...(await holders(ids)).values()].map((h) => h.owner);
  const count = async (w: ProductProcess) => (await owners()).filter((o) => o === workerIdOf(w)).length;
  const split = await Promise.all(workers.map(count));

  const traffic = startTraffic(fronts, ids, { roundMs: opts.roundMs, tag: opts.tag });
  const pause = () => new Promise((r) => setTimeout(r, opts.phaseMs));
  await pause();

  // SIGTERM: the busiest worker lets its connections go; the others take them at once
  const byLoad = async (list: ProductProcess[]) => {
    const loads = await Promise.all(list.map(count));
    return list.map((w, i) => ({ w, load: loads[i] })).sort((a, b) => b.load - a.load);
  };
  const takeover = async (gone: ProductProcess, act: () => Promise<unknown>) => {
    const goneId = workerIdOf(gone);
    const theirs = [...(await holders(ids)).entries()].filter(([, h]) => h.owner === goneId).map(([id]) => id);
    const started = performance.now();
    void act();
    if (!theirs.length) return { ms: 0, theirs, at: new Date() };
    await waitUntil(
      `the connections of ${gone.name} taken over`,
      async () => [...(await holders(theirs)).values()].every((h) => h.owner && h.owner !== goneId && h.status === "CONNECTED"),
      { everyMs: 20, timeoutMs: 120_000 },
    );
    return { ms: Math.round(performance.now() - started), theirs, at: new Date() };
  };
  const [first] = await byLoad(workers);
  const takeoverAfterTermMs = (await takeover(first.w, () => first.w.term())).ms;
  await first.w.exited;
  const termReleased = first.w.output().match(/released \d+ connection\(s\)/)?.[0] ?? "no release logged";
  await pause();

  // SIGKILL: the busiest survivor dies without a word; its leases lapse, then the last one takes them
  const [second] = await byLoad(workers.filter((w) => w !== first.w));
  const killStarted = new Date();
  const killed = await takeover(second.w, () => second.w.kill());
  const takeoverAfterKillMs = killed.ms;
  const killedAt = traffic.inbound.length;
  await pause();
  await traffic.stop();

  // drain: everything accepted must arrive, be answered, reach the phones and every browser
  const expectedIn = [...traffic.inbound];
  await waitUntil("every inbound message ingested", async () => (await ingested(expectedIn)).size === expectedIn.length, { timeoutMs: 90_000 }).catch(() => {});
  await traffic.replyPass();
  await waitUntil("every reply on its phone", async () => traffic.replies.every(((on) => (w: string) => on.has(w))(await onPhones(world.tenant.companyId))), { timeoutMs: 90_000 }).catch(() => {});
  const all = [...traffic.inbound, ...traffic.replies];
  await waitUntil("every browser shown every message", async () => opts.browsers.every((b) => all.every((w) => b.seen.has(w))), { timeoutMs: 30_000 }).catch(() => {});

  const arrived = await ingested(expectedIn);
  const phones = await onPhones(world.tenant.companyId);
  const t = await tally(world.tenant.companyId);
  // served after the kill: each connection's customer got a message in after the last takeover
  const late = new Set(traffic.inbound.slice(killedAt));
  const unservedConnections = ids.filter((id) => !traffic.byConnection.get(id)!.some((w) => late.has(w) && arrived.has(w))).length;
  const missedIds = [...new Set(opts.browsers.flatMap((b) => all.filter((w) => !b.seen.has(w))))];
  const inKillWindow = new Set(
    (await storedAt(missedIds))
      .filter((m) => !m.fromMe && killed.theirs.includes(m.whatsappId) && m.createdAt.getTime() > killStarted.getTime() - 1000 && m.createdAt.getTime() < killStarted.getTime() + 500)
      .map((m) => m.wid),
  );
  return {
    split,
    takeoverAfterTermMs,
    takeoverAfterKillMs,
    termReleased,
    inbound: traffic.inbound.length,
    replies: traffic.replies.length,
    inboundLost: expectedIn.filter((w) => !arrived.has(w)).length,
    repliesLost: traffic.replies.filter((w) => !phones.has(w)).length,
    sentTwice: t.phone_dup,
    storedTwice: t.msg_dup,
    deliveredAgain: t.retried,
    unservedConnections,
    browsersMissing: Object.fromEntries(opts.browsers.map((b) => [b.name, all.filter((w) => !b.seen.has(w)).length])),
    missedIds,
    unexplainedMisses: Object.fromEntries(opts.browsers.map((b) => [b.name, all.filter((w) => !b.seen.has(w) && !inKillWindow.has(w)).length])),
  };
}
