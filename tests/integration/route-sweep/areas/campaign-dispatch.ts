import { getDb } from "@/db";
import { campaigns } from "@/db/schema";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Campaign cancel and restart (issue 15 §4). Seeded: a running campaign (cancel) and a cancelled
// one (restart, which sends it back to PROGRAMADA: it never started). A second valid call finds
// the campaign moved on and answers 409 with its code.
const x = (r: Resources, key: string) => Number(r.extra[`campaignDispatch.${key}`]);

async function seed(t: { companyId: number; whatsappId: number }, marker: string) {
  const [running, cancelled] = await getDb()
    .insert(campaigns)
    .values([
      { companyId: t.companyId, name: `Running ${marker}`, message1: "Olá", status: "EM_ANDAMENTO", whatsappId: t.whatsappId },
      { companyId: t.companyId, name: `Cancelled ${marker}`, message1: "Olá", status: "CANCELADA", scheduledAt: new Date("2030-01-01T10:00:00Z") },
    ])
    .returning({ id: campaigns.id });
  return { "campaignDispatch.runningId": running.id, "campaignDispatch.cancelledId": cancelled.id };
}

export const campaignDispatchArea: SweepArea = {
  publicRoutes: [],
  fixtures: {
    "POST /api/campaigns/[id]/cancel": { build: (r) => ({ params: { id: x(r, "runningId") } }), ok: [200, 409] },
    "POST /api/campaigns/[id]/restart": { build: (r) => ({ params: { id: x(r, "cancelledId") } }), ok: [200, 409] },
  },
  seed,
};
