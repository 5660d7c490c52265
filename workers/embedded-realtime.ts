import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";

/**
 * With no Pusher credentials configured, runs the embedded Pusher-protocol server as a child process
 * and points the product at it (server SDK on loopback, browser at the public host).
 */
export async function startEmbeddedRealtime(opts: { port: number; publicHost: string; credentials?: Credentials }) {
  const creds = opts.credentials ?? generateRealtimeCredentials();
  const child = spawn(process.execPath, ["--import", "tsx", "workers/realtime/main.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      REALTIME_APP_ID: creds.appId,
      REALTIME_KEY: creds.key,
      REALTIME_SECRET: creds.secret,
      // the same interface as the web server (HOST), loopback by default
      REALTIME_HOST: process.env.HOST ?? "127.0.0.1",
      REALTIME_PORT: String(opts.port),
    },
  });
  Object.assign(process.env, {
    PUSHER_APP_ID: creds.appId,
    PUSHER_KEY: creds.key,
    PUSHER_SECRET: creds.secret,
    PUSHER_HOST: "127.0.0.1",
    PUSHER_PORT: String(opts.port),
    PUSHER_USE_TLS: "0",
    PUSHER_PUBLIC_HOST: process.env.PUSHER_PUBLIC_HOST ?? opts.publicHost,
    PUSHER_PUBLIC_PORT: process.env.PUSHER_PUBLIC_PORT ?? String(opts.port),
  });
  await waitForHealth(`http://127.0.0.1:${opts.port}/health`, child);
  return child;
}

export type Credentials = { appId: string; key: string; secret: string };

export function generateRealtimeCredentials(): Credentials {
  return {
    appId: String(100000 + Math.floor(Math.random() * 900000)),
    key: randomBytes(10).toString("hex"),
    secret: randomBytes(24).toString("hex"),
  };
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error("The embedded realtime server exited while starting");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The embedded realtime server did not answer at ${url}`);
}
