// Shared setup of the campaigns API tests (admin.md §3 Campaign, §4, §7): campaigns-api.test.ts
// and campaigns-media.test.ts.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteMediaRoute, POST as uploadRoute } from "@/app/api/campaigns/[id]/media-upload/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/campaigns/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/campaigns/route";
import { getDb } from "@/db";
import { campaigns, contactLists, fileLists, tags } from "@/db/schema";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

export const published: RealtimeEvent[] = [];
let storageDir: string | undefined;

/** Media go to a temporary STORAGE_DIR; published events are captured, cleared before each test. */
export function installCampaignHooks() {
  beforeAll(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "campaigns-"));
    process.env.STORAGE_DIR = storageDir;
    setRealtimeSink((events) => void published.push(...events));
  });
  afterAll(async () => {
    setRealtimeSink(null);
    if (storageDir) await fs.rm(storageDir, { recursive: true, force: true });
    storageDir = undefined;
  });
  beforeEach(() => void (published.length = 0));
}

export const storagePath = (key: string) => path.join(storageDir!, key);

/** A company with what a campaign names: a connection, a contact list, a tag and a file list. */
export type CampaignTenant = Tenant & { admin_: string; agent_: string; contactListId: number; tagId: number; fileListId: number };

export async function campaignTenant(opts: { timezone?: string } = {}): Promise<CampaignTenant> {
  const t = await createTenant({ timezone: opts.timezone });
  const db = getDb();
  const [list] = await db.insert(contactLists).values({ companyId: t.companyId, name: `Lista ${t.companyId}` }).returning();
  const [tag] = await db.insert(tags).values({ companyId: t.companyId, name: `Tag ${t.companyId}`, color: "#112233" }).returning();
  const [files] = await db.insert(fileLists).values({ companyId: t.companyId, name: `Arquivos ${t.companyId}` }).returning();
  const [admin_, agent_] = (await Promise.all([loginAs(t.admin), loginAs(t.agent)])).map((s) => s.token);
  return { ...t, admin_, agent_, contactListId: list.id, tagId: tag.id, fileListId: files.id };
}

/** A campaign row written directly (a status the API would not give, a time within the hour). */
export async function insertCampaign(companyId: number, values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(campaigns)
    .values({ companyId, name: "Direta", message1: "Olá", ...values })
    .returning();
  return row;
}

export const list = (token: string, query = "") => call(listRoute, { url: `/api/campaigns${query}`, token });
export const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/campaigns/${id}`, token, params: { id } });
export const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/campaigns", token, body });
export const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/campaigns/${id}`, token, params: { id }, body });
export const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/campaigns/${id}`, token, params: { id } });
export function upload(token: string, id: number, file: Blob, name: string) {
  const form = new FormData();
  form.append("file", file, name);
  return call(uploadRoute, { method: "POST", url: `/api/campaigns/${id}/media-upload`, token, params: { id }, body: form });
}
export const removeMedia = (token: string, id: number) =>
  call(deleteMediaRoute, { method: "DELETE", url: `/api/campaigns/${id}/media-upload`, token, params: { id } });

// as they travel: JSON (dates become strings)
export const campaignEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.campaign)));
export const inHours = (h: number) => new Date(Date.now() + h * 3600_000);
