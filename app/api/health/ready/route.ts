import { getDb } from "@/db";
import { json, route } from "@/lib/api/route";
import { getEnv } from "@/lib/env";
import { readiness } from "@/lib/observability/readiness";

// GET /api/health/ready — readiness (docs/observability.md): the database answers and its
// migrations are current (else 503 naming the failing check), with the workers' counts and ages.
// No credentials and no tenant data: counts and ages only.
export const GET = route({ access: "public" }, async () => {
  const r = await readiness(getDb(), getEnv().WORKER_LEASE_MS);
  const body = { status: r.ready ? "ok" : "unavailable", failing: r.failing, checks: r.checks, workers: r.workers };
  const res = json(body, r.ready ? 200 : 503);
  res.headers.set("Cache-Control", "no-store");
  return res;
});
