import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { registerDbGauges } from "@/lib/observability/db-gauges";
import { metrics } from "@/lib/observability/metrics";
import { metricsRefusal } from "@/lib/observability/metrics-token";

// GET /api/metrics — Prometheus text format (docs/observability.md), for a scraper holding
// METRICS_TOKEN as bearer; without METRICS_TOKEN the route does not exist (404).
export const GET = route({ access: "public" }, async ({ req }) => {
  const refusal = metricsRefusal(req.headers.get("authorization"), getEnv().METRICS_TOKEN);
  if (refusal === 404) throw new AppError("ERR_NOT_FOUND", 404);
  if (refusal === 401) throw new AppError("ERR_INVALID_TOKEN", 401);
  const m = metrics();
  registerDbGauges(m, getDb);
  return new Response(await m.registry.metrics(), { headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" } });
});
