// Runnable entry of the embedded realtime server: node --import tsx workers/realtime/main.ts
// The launcher starts it when no Pusher credentials are configured and passes its own as REALTIME_*.
import { startRealtimeServer } from "./server";

function readConfig(env: NodeJS.ProcessEnv) {
  const missing = ["REALTIME_APP_ID", "REALTIME_KEY", "REALTIME_SECRET"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`realtime: missing ${missing.join(", ")} (the credentials the app publishes with)`);
  const port = Number(env.REALTIME_PORT ?? 6001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`realtime: REALTIME_PORT is not a port: ${env.REALTIME_PORT}`);
  return {
    appId: env.REALTIME_APP_ID as string,
    key: env.REALTIME_KEY as string,
    secret: env.REALTIME_SECRET as string,
    host: env.REALTIME_HOST || "127.0.0.1",
    port,
  };
}

async function main() {
  const server = await startRealtimeServer(readConfig(process.env));
  console.log(`realtime: listening on ws://${server.host}:${server.port}/app/{key} (HTTP API on the same port)`);
  let isStopping = false;
  const shutdown = () => {
    if (isStopping) return;
    isStopping = true;
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
