// Shared setup of the connections API tests (admin §2.2, §7 Connections): connections.test.ts and
// connections-default.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/whatsapp/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/whatsapp/route";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs } from "./factories";
import { call, type Json } from "./http";

export const published: RealtimeEvent[] = [];

/** Call at the top of a connections test file: captures published events, cleared before each test. */
export function installConnectionHooks() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => void (published.length = 0));
}

/** A fresh company (each test takes its own) with its admin and agent logged in. */
export async function tenantWithTokens(opts?: Parameters<typeof createTenant>[0]) {
  const t = await createTenant(opts);
  const [admin, agent] = await Promise.all([loginAs(t.admin), loginAs(t.agent)]);
  return { t, admin: admin.token, agent: agent.token };
}

export const list = (token: string, query = "") => call(listRoute, { url: `/api/whatsapp${query}`, token });
export const getOne = (token: string, id: number) => call(getRoute, { url: `/api/whatsapp/${id}`, token, params: { id } });
export const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/whatsapp", token, body });
export const update = (token: string, id: number, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/whatsapp/${id}`, token, params: { id }, body });
export const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/whatsapp/${id}`, token, params: { id } });

export const rowsOf = (companyId: number) => getDb().select().from(whatsapps).where(eq(whatsapps.companyId, companyId));
export const defaultsOf = async (companyId: number) => (await rowsOf(companyId)).filter((r) => r.isDefault).map((r) => r.id);
export const whatsappEvents = () => published.filter((e) => e.event === EVENTS.whatsapp);
