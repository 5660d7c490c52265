// Benchmark of the embedded realtime server (issue 3, part 6): 1,000 raw-ws clients subscribed to one
// private channel; 1,000 events published through the `pusher` SDK at 100/s, then 1,000 as fast as
// the server accepts them (a bounded number in flight). Each event carries its send time, so every
// receipt gives one publish-to-receive latency. Prints figures, asserts nothing, exits by itself.
// Usage: node --import tsx tests/bench/realtime.ts
//   BENCH_CLIENTS=1000 BENCH_EVENTS=1000 BENCH_RATE=100 BENCH_IN_FLIGHT=4
//   BENCH_IN_PROCESS=1 runs the server in this process (to see what sharing the event loop costs)
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import Pusher from "pusher";
import { startRealtimeServer, type RealtimeStats } from "@/workers/realtime/server";
import { connectClients, type Tick } from "./realtime-clients";
import { pct, record } from "./report";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const IN_PROCESS = process.env.BENCH_IN_PROCESS === "1";
const DEADLINE_MS = 180_000;
const CHANNEL = "private-bench";

type Probe = { rss: number; cpuMs: number; stats: RealtimeStats };
type ServerHandle = { port: number; probe(): Promise<Probe>; stop(): Promise<void> };
type Phase = { label: string; latencies: Float64Array; received: number; firstSentAt: number; lastReceivedAt: number; failed: number };

const app = { appId: "1", key: "bench-" + randomBytes(4).toString("hex"), secret: randomBytes(24).toString("hex") };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(): Promise<ServerHandle> {
  if (IN_PROCESS) {
    const server = await startRealtimeServer(app);
    const probe = async () => {
      const { user, system } = process.cpuUsage();
      return { rss: process.memoryUsage().rss, cpuMs: (user + system) / 1000, stats: server.stats() };
    };
    return { port: server.port, probe, stop: server.stop };
  }
  const child = fork(fileURLToPath(new URL("./realtime-server-child.ts", import.meta.url)), {
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server alone
    execArgv: ["--import", "tsx", ...(process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean)],
    env: { ...process.env, REALTIME_APP_ID: app.appId, REALTIME_KEY: app.key, REALTIME_SECRET: app.secret },
  });
  const reply = <T>(type: string) => new Promise<T>((resolve) => child.once("message", (m: { type: string } & T) => m.type === type && resolve(m)));
  const { port } = await reply<{ port: number }>("ready");
  return {
    port,
    probe: () => {
      child.send({ type: "stats" });
      return reply<Probe>("stats");
    },
    stop: async () => {
      child.send({ type: "stop" });
      await new Promise((r) => child.once("exit", r));
    },
  };
}

const newPhase = (label: string): Phase => ({
  label,
  latencies: new Float64Array(EVENTS * CLIENTS),
  received: 0,
  firstSentAt: Infinity,
  lastReceivedAt: 0,
  failed: 0,
});

function publisher(sdk: Pusher, phase: Phase, index: number) {
  return async (i: number) => {
    const t = performance.now();
    phase.firstSentAt = Math.min(phase.firstSentAt, t);
    try {
      await sdk.trigger(CHANNEL, "tick", JSON.stringify({ p: index, i, t }));
    } catch {
      phase.failed++;
    }
  };
}

/** Fires on a fixed schedule (not one after the other), so a slow answer does not lower the rate. */
async function publishAtRate(publish: (i: number) => Promise<void>, rate: number) {
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(publish(i));
  }
  await Promise.all(pending);
}

/** As fast as the server answers, with `inFlight` requests outstanding at any time. */
async function publishFlatOut(publish: (i: number) => Promise<void>, inFlight: number) {
  let next = 0;
  const lane = async () => {
    while (next < EVENTS) await publish(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

async function waitForDeliveries(phase: Phase, timeoutMs = 20_000) {
  const deadline = performance.now() + timeoutMs;
  while (phase.received < EVENTS * CLIENTS && performance.now() < deadline) await sleep(20);
}

function report(phase: Phase, publishMs: number, loopDelay: ReturnType<typeof monitorEventLoopDelay>, serverCpuMs: number) {
  const sorted = phase.latencies.subarray(0, phase.received).sort();
  const q = (p: number) => (sorted.length ? pct(sorted, p).toFixed(1) : "n/a");
  const spanS = (phase.lastReceivedAt - phase.firstSentAt) / 1000;
  const name = `realtime ${CLIENTS} clients, ${phase.label.replace(/^phase \d: /, "")}`;
  record({ measure: `${name}: delivery p95`, figure: pct(sorted, 0.95), unit: "ms" });
  record({ measure: `${name}: delivered`, figure: (100 * phase.received) / (EVENTS * CLIENTS), unit: "%", target: { op: "=", value: 100 } });
  console.log(`\n${phase.label}`);
  console.log(`  published ${EVENTS - phase.failed}/${EVENTS} in ${(publishMs / 1000).toFixed(2)} s (${((EVENTS * 1000) / publishMs).toFixed(0)} events/s accepted)`);
  console.log(`  received  ${phase.received}/${EVENTS * CLIENTS} (${((100 * phase.received) / (EVENTS * CLIENTS)).toFixed(2)} %)`);
  console.log(`  latency   p50 ${q(0.5)} ms   p95 ${q(0.95)} ms   p99 ${q(0.99)} ms   max ${q(1)} ms`);
  console.log(`  delivered ${(phase.received / spanS).toFixed(0)} events/s to clients over ${spanS.toFixed(2)} s`);
  const busy = IN_PROCESS ? "server shares this process" : `server CPU ${((100 * serverCpuMs) / (spanS * 1000)).toFixed(0)} % of one core`;
  console.log(`  ${busy}; bench-process event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`);
}

async function main() {
  const server = await startServer();
  const phases = [newPhase(`phase 1: ${EVENTS} events at ${RATE}/s`), newPhase(`phase 2: ${EVENTS} events flat out, ${IN_FLIGHT} in flight`)];
  const onTick = ({ phase, sentAt, receivedAt }: Tick) => {
    const p = phases[phase];
    p.latencies[p.received++] = receivedAt - sentAt;
    p.lastReceivedAt = receivedAt;
  };
  const connectStart = performance.now();
  const sockets = await connectClients({ port: server.port, key: app.key, secret: app.secret, channel: CHANNEL, count: CLIENTS, onTick });
  const idle = await server.probe();
  console.log(`server: ${IN_PROCESS ? "in this process" : "child process"}; ${sockets.length} clients subscribed to ${CHANNEL} in ${((performance.now() - connectStart) / 1000).toFixed(1)} s`);
  console.log(`server RSS with ${idle.stats.connections} connections: ${mb(idle.rss)}`);

  const sdk = new Pusher({ ...app, host: "127.0.0.1", port: String(server.port), useTLS: false, agent: new Agent({ keepAlive: true, maxSockets: 16 }) });
  for (let i = 0; i < 20; i++) await sdk.trigger("warm-up", "tick", "{}"); // JIT and keep-alive sockets

  for (const [index, phase] of phases.entries()) {
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const before = await server.probe();
    const t0 = performance.now();
    const publish = publisher(sdk, phase, index);
    await (index === 0 ? publishAtRate(publish, RATE) : publishFlatOut(publish, IN_FLIGHT));
    const publishMs = performance.now() - t0;
    await waitForDeliveries(phase);
    loopDelay.disable();
    const after = await server.probe();
    report(phase, publishMs, loopDelay, after.cpuMs - before.cpuMs);
  }

  const end = await server.probe();
  console.log(`\nserver RSS at the end: ${mb(end.rss)}; bench process RSS: ${mb(process.memoryUsage().rss)}`);
  console.log(`server counters: ${JSON.stringify(end.stats)}`);
  for (const ws of sockets) ws.terminate();
  await server.stop();
}

const watchdog = setTimeout(() => {
  console.error(`benchmark did not finish within ${DEADLINE_MS / 1000} s`);
  process.exit(2);
}, DEADLINE_MS);

main().then(
  () => {
    clearTimeout(watchdog);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
