import { getDb } from "@/db";
import { announcements } from "@/db/schema";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Announcements (issue 16 §2): the platform's, read by every signed-in user (the active ones),
// written by super users. Their texts carry no company's marker: B's announcement is everyone's.
const x = (r: Resources, key: string) => Number(r.extra[`announcements.${key}`]);
const id = (n: number) => ({ id: n });
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], { type: "image/png" });

async function seed(t: Tenant) {
  const [one, del] = await getDb()
    .insert(announcements)
    .values([
      { companyId: t.companyId, title: "Informativo da varredura", text: "Texto" },
      { companyId: t.companyId, title: "Informativo removido", text: "Texto" },
    ])
    .returning({ id: announcements.id });
  return { "announcements.id": one.id, "announcements.delId": del.id };
}

const PLATFORM = "announcements are the platform's: an active one is every company's to read";

const fixtures: Record<string, Fixture> = {
  "GET /api/announcements": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/announcements": { build: () => ({ body: { title: "Novo informativo", text: "Texto", priority: 2, status: true } }) },
  "GET /api/announcements/[id]": { build: (r) => ({ params: id(x(r, "id")) }), other: 200, why: PLATFORM },
  "PUT /api/announcements/[id]": { build: (r) => ({ params: id(x(r, "id")), body: { title: "Informativo editado", priority: 1 } }) },
  "DELETE /api/announcements/[id]": { build: (r) => ({ params: id(x(r, "delId")) }) },
  "POST /api/announcements/[id]/media-upload": { build: (r) => ({ params: id(x(r, "id")), form: { file: { blob: png(), name: "aviso.png" } } }) },
  "DELETE /api/announcements/[id]/media-upload": { build: (r) => ({ params: id(x(r, "id")) }) },
};

export const announcementsArea: SweepArea = { publicRoutes: [], fixtures, seed };
