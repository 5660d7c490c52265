import { getDb } from "@/db";
import { json, route } from "@/lib/api/route";
import { getEnv } from "@/lib/env";
import { isDraining } from "@/lib/observability/draining";
import { readiness } from "@/lib/observability/readiness";

// GET /api/health/ready — readiness (docs/observability.md): the database answers and its
// migrations are current (else 503 naming the failing check), with the workers' counts and ages.
// No credentials and no tenant data: counts and ages only.
export const GET = route({ access: "public" }, async () => {
  // being stopped (the launcher's drain): no new requests, whatever the database says
  if (isDraining()) return noStore(json({ status: "unavailable", failing: ["draining"] }, 503));
  const r = await readiness(getDb(), getEnv().WORKER_LEASE_MS);
  const body = { status: r.ready ? "ok" : "unavailable", failing: r.failing, checks: r.checks, workers: r.workers };
  return noStore(json(body, r.ready ? 200 : 503));
});

function noStore(res: Response) {
  res.headers.set("Cache-Control", "no-store");
  return res;
}
