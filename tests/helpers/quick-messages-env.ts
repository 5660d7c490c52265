// Shared setup of the quick messages API tests (core §3 Quick message, §7; admin §5 media names):
// quick-messages.test.ts and quick-messages-edit.test.ts.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteMediaRoute } from "@/app/api/quick-messages/[id]/media/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/quick-messages/[id]/route";
import { GET as suggestionsRoute } from "@/app/api/quick-messages/list/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/quick-messages/route";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, createUsers, loginAs } from "./factories";
import { BASE_URL, call, type Handler, type Json } from "./http";

export const published: RealtimeEvent[] = [];
let storageDir: string | undefined;
let seq = 0;

/**
 * Call at the top of a quick messages test file: media go to a temporary STORAGE_DIR (removed
 * afterwards); captures published events, cleared before each test.
 */
export function installQuickMessageHooks() {
  beforeAll(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "quick-messages-"));
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

/**
 * Two companies; company A has an admin, an agent and another user ("Colega"). Also answers the
 * media folder, so call it after installQuickMessageHooks().
 */
export async function setupQuickMessageTenants() {
  if (!storageDir) throw new Error("installQuickMessageHooks() must come first");
  const [a, b] = await Promise.all([createTenant(), createTenant()]);
  const [other] = await createUsers(a.companyId, 1, "Colega");
  const [adminA, agentA, otherA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(other), loginAs(b.admin)])).map(
    (s) => s.token,
  );
  return { a, b, adminA, agentA, otherA, adminB, storageDir };
}

export const list = (token: string, query = "") => call(listRoute, { url: `/api/quick-messages${query}`, token });
export const suggestions = (token: string, query = "") => call(suggestionsRoute, { url: `/api/quick-messages/list${query}`, token });
export const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/quick-messages/${id}`, token, params: { id } });
export const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/quick-messages", token, body });
export const update = (token: string, id: number, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/quick-messages/${id}`, token, params: { id }, body });
export const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/quick-messages/${id}`, token, params: { id } });
export const removeMedia = (token: string, id: number) =>
  call(deleteMediaRoute, { method: "DELETE", url: `/api/quick-messages/${id}/media`, token, params: { id } });

/** Sends multipart form data (a file upload) to a route handler. */
export async function sendForm(handler: Handler, method: string, url: string, token: string, form: FormData, params: Record<string, string> = {}) {
  const req = new NextRequest(new URL(url, BASE_URL), { method, headers: { authorization: `Bearer ${token}` }, body: form });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Json };
}

export const shortcode = (prefix = "qm") => `${prefix}${++seq}`;
// as they travel: JSON (dates become strings)
export const qmEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.quickMessage)));
export const idsOf = (rows: Json[]) => rows.map((r) => r.id);
