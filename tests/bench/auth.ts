// Benchmark of the authenticated request path: prints latency figures, asserts nothing.
// Runs the real route handlers in-process against a fresh database on the local Postgres (or
// PGlite where none answers), with a company of BENCH_USERS users. Usage: npm run bench
import { randomBytes } from "node:crypto";
import { closeDb } from "@/db";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as listUsers } from "@/app/api/users/route";
import { POST as login } from "@/app/api/auth/login/route";
import { createTenant, createUsers, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { createTestDatabase } from "../helpers/test-db";
import { timeCalls } from "./timing";

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    const tenant = await createTenant();
    await createUsers(tenant.companyId, USERS, "Bench");
    const session = await loginAs(tenant.admin);
    const auth = { token: session.token };
    console.log(`database: ${database.kind}; company with ${USERS + 2} users`);
    await timeCalls("GET /api/auth/me (bearer)", ROUNDS, () => call(me as Handler, { method: "GET", url: "/api/auth/me", ...auth }));
    await timeCalls("GET /api/users page 1", ROUNDS, () => call(listUsers as Handler, { method: "GET", url: "/api/users?pageNumber=1", ...auth }));
    await timeCalls("GET /api/users page 100", ROUNDS, () => call(listUsers as Handler, { method: "GET", url: "/api/users?pageNumber=100", ...auth }));
    await timeCalls("GET /api/users searchParam=bench 12", ROUNDS, () =>
      call(listUsers as Handler, { method: "GET", url: "/api/users?searchParam=bench%2012", ...auth }),
    );
    // login is bcrypt-bound (cost 10) by design; a few rounds suffice
    await timeCalls("POST /api/auth/login", 20, () =>
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
