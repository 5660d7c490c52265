import type { SweepArea } from "./types";

// Health and metrics (issue 18 §3, docs/observability.md): public, nothing to seed. The sweep runs
// without METRICS_TOKEN, where /api/metrics does not exist (404); its token is tested in
// tests/integration/observability-metrics.test.ts.
export const observabilityArea: SweepArea = {
  publicRoutes: ["GET /api/health", "GET /api/health/ready", "GET /api/metrics"],
  fixtures: {
    "GET /api/health": { build: () => ({}) },
    "GET /api/health/ready": { build: () => ({}) },
    "GET /api/metrics": { build: () => ({}), ok: [404] },
  },
};
