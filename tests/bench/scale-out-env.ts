// The environment of the proof's processes: one database, the shared realtime server's
// credentials, the sandbox phone on, production mode, and a short lease so a crash is taken over
// in seconds (the product reads WORKER_LEASE_MS).
import { randomBytes } from "node:crypto";

export type Realtime = { appId: string; key: string; secret: string; port: number };

export const newRealtime = (port: number): Realtime => ({ appId: "424242", key: `k${randomBytes(6).toString("hex")}`, secret: randomBytes(24).toString("hex"), port });

export function processEnv(databaseUrl: string, realtime: Realtime, leaseMs: number, extra: Record<string, string> = {}) {
  const { ADMIN_EMAIL: _e, ADMIN_PASSWORD: _p, ...rest } = process.env;
  void _e;
  void _p;
  return {
    ...rest,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    SANDBOX_ENABLED: "1",
    WORKER_LEASE_MS: String(leaseMs),
    PUSHER_APP_ID: realtime.appId,
    PUSHER_KEY: realtime.key,
    PUSHER_SECRET: realtime.secret,
    PUSHER_HOST: "127.0.0.1",
    PUSHER_PORT: String(realtime.port),
    PUSHER_USE_TLS: "0",
    REALTIME_PORT: String(realtime.port),
    ...extra,
  };
}
