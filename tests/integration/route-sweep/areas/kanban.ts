import { getDb } from "@/db";
import { tags } from "@/db/schema";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Kanban (issue 16 §1): the lanes, a lane's tickets, moving a ticket between lanes.
const x = (r: Resources, key: string) => Number(r.extra[`kanban.${key}`]);

async function seed(t: Tenant, marker: string) {
  const [lane, other] = await getDb()
    .insert(tags)
    .values([
      { companyId: t.companyId, name: `Coluna ${marker}`, color: "#6366F1", kanban: 1 },
      { companyId: t.companyId, name: `Outra coluna ${marker}`, color: "#22C55E", kanban: 1 },
    ])
    .returning({ id: tags.id });
  return { "kanban.laneId": lane.id, "kanban.otherLaneId": other.id };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/tags/kanban": { build: () => ({}) },
  "GET /api/ticket/kanban": { build: (r) => ({ query: { lane: x(r, "laneId"), queueIds: JSON.stringify([r.queueId]), pageNumber: 1 } }) },
  "PUT /api/ticket-tags/[ticketId]/[tagId]": { build: (r) => ({ params: { ticketId: r.ticketId, tagId: x(r, "otherLaneId") } }) },
  "DELETE /api/ticket-tags/[ticketId]": { build: (r) => ({ params: { ticketId: r.ticketId } }) },
};

export const kanbanArea: SweepArea = { publicRoutes: [], fixtures, seed };
