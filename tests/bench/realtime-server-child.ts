// The embedded realtime server in its own process for tests/bench/realtime.ts, so the thousand
// measuring clients do not share its event loop. Speaks to the parent over the fork IPC channel.
import { startRealtimeServer } from "@/workers/realtime/server";

type Request = { type: "stats" } | { type: "stop" };

async function main() {
  const { REALTIME_APP_ID: appId, REALTIME_KEY: key, REALTIME_SECRET: secret } = process.env;
  if (!appId || !key || !secret || !process.send) throw new Error("run by tests/bench/realtime.ts only");
  const server = await startRealtimeServer({ appId, key, secret });
  process.send({ type: "ready", port: server.port });
  process.on("message", async (request: Request) => {
    if (request.type === "stats") {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: "stats", rss: process.memoryUsage().rss, cpuMs: (user + system) / 1000, stats: server.stats() });
    }
    if (request.type === "stop") {
      await server.stop();
      process.exit(0);
    }
  });
  // the parent died or closed the channel: nothing left to serve
  process.on("disconnect", () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
