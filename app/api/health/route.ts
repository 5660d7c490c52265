import { route } from "@/lib/api/route";

// GET /api/health — liveness: the process answers. Touches nothing (no database), so a slow
// database never gets a healthy process restarted; readiness is /api/health/ready.
export const GET = route({ access: "public" }, async () => ({ status: "ok" }));
