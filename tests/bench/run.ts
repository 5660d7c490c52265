// Benchmark of the authenticated request path: prints latency figures, asserts nothing.
// Runs the real route handlers in-process against a fresh database on the local Postgres (or
// PGlite where none answers), with a company of BENCH_USERS users. Usage: npm run bench
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { closeDb } from "@/db";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as listUsers } from "@/app/api/users/route";
import { POST as login } from "@/app/api/auth/login/route";
import { createTenant, createUsers, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { createTestDatabase } from "../helpers/test-db";

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

async function time(label: string, rounds: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))].toFixed(2);
  console.log(`${label.padEnd(44)} p50 ${q(0.5)} ms   p95 ${q(0.95)} ms   max ${q(1)} ms   (${rounds} calls)`);
}

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    const tenant = await createTenant();
    await createUsers(tenant.companyId, USERS, "Bench");
    const session = await loginAs(tenant.admin);
    const auth = { token: session.token };
    console.log(`database: ${database.kind}; company with ${USERS + 2} users`);
    await time("GET /api/auth/me (bearer)", ROUNDS, () => call(me as Handler, { method: "GET", url: "/api/auth/me", ...auth }));
    await time("GET /api/users page 1", ROUNDS, () => call(listUsers as Handler, { method: "GET", url: "/api/users?pageNumber=1", ...auth }));
    await time("GET /api/users page 100", ROUNDS, () => call(listUsers as Handler, { method: "GET", url: "/api/users?pageNumber=100", ...auth }));
    await time("GET /api/users searchParam=bench 12", ROUNDS, () =>
      call(listUsers as Handler, { method: "GET", url: "/api/users?searchParam=bench%2012", ...auth }),
    );
    // login is bcrypt-bound (cost 10) by design; a few rounds suffice
    await time("POST /api/auth/login", 20, () =>
      call(login as Handler, { method: "POST", url: "/api/auth/login", body: { email: tenant.admin.email, password: tenant.admin.password } }),
    );
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
