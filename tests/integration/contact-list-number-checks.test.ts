// Background WhatsApp checks of contact-list numbers (issue 15 §1): the real worker with the sandbox
// provider turns unknown numbers valid or invalid (the sandbox: numbers ending in 0000 are not on
// WhatsApp) and publishes it; the claim keeps connections and workers apart.
import { eq, inArray, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/contact-lists/[id]/upload/route";
import { POST as postList } from "@/app/api/contact-lists/route";
import { GET as outbound } from "@/app/api/sandbox/[connectionId]/outbound/route";
import { POST as scan } from "@/app/api/sandbox/[connectionId]/scan/route";
import { getDb } from "@/db";
import { contactListItems, whatsapps } from "@/db/schema";
import { claimNumberChecks, numberChecks } from "@/lib/contact-lists/number-checks";
import { resetEnvCache } from "@/lib/env";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createSandboxWorker } from "../helpers/sandbox-worker";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL, call } from "../helpers/http";

let t: Tenant;
let admin: string;
let worker: WhatsAppWorker;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  process.env.SANDBOX_ENABLED = "1";
  resetEnvCache();
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant({ plan: { useCampaigns: true }, chatbot: false });
  admin = (await loginAs(t.admin)).token;
  await getDb().update(whatsapps).set({ sessionRequest: "start", sessionRequestedAt: new Date() }).where(eq(whatsapps.id, t.whatsappId));
  worker = createSandboxWorker("w-number-checks", { numberChecks: numberChecks(getDb) });
  await worker.tick();
});
afterAll(async () => {
  await worker.stop();
  setRealtimeSink(null);
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

async function importCsv(listId: number, csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "lista.csv"));
  const req = new NextRequest(new URL(`/api/contact-lists/${listId}/upload`, BASE_URL), { method: "POST", headers: { authorization: `Bearer ${admin}` }, body: form });
  const res = await uploadRoute(req, { params: Promise.resolve({ id: String(listId) }) });
  expect(res.status).toBe(200);
}

const validity = async (listId: number) =>
  (
    await getDb()
      .select({ number: contactListItems.number, valid: contactListItems.isWhatsappValid })
      .from(contactListItems)
      .where(eq(contactListItems.contactListId, listId))
      .orderBy(contactListItems.number)
  ).map((r) => `${r.number}:${r.valid}`);

it("the worker checks imported numbers through the sandbox: valid, valid, invalid, published live", async () => {
  const p = { connectionId: t.whatsappId };
  const phone = async () => (await call(outbound, { url: `/api/sandbox/${t.whatsappId}/outbound?to=5511900000000`, token: admin, params: p })).body;
  await expect.poll(async () => (await phone()).state?.qrCode, { timeout: 10_000 }).toMatch(/^SANDBOX:/);
  const qr = (await phone()).state.qrCode;
  expect((await call(scan, { method: "POST", url: `/api/sandbox/${t.whatsappId}/scan`, token: admin, params: p, body: { code: qr } })).status).toBe(200);
  await expect.poll(async () => (await getDb().select().from(whatsapps).where(eq(whatsapps.id, t.whatsappId)))[0].status, { timeout: 10_000 }).toBe("CONNECTED");

  const list = (await call(postList, { method: "POST", url: "/api/contact-lists", token: admin, body: { name: "Checagem" } })).body;
  await importCsv(list.id, "nome;numero\nAna;5531999990001\nBia;5531999990002\nCaio;5531999990000\n");
  expect(await validity(list.id)).toEqual(["5531999990000:null", "5531999990001:null", "5531999990002:null"]);
  published.length = 0;

  await expect
    .poll(
      async () => {
        await worker.tick();
        return validity(list.id);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toEqual(["5531999990000:false", "5531999990001:true", "5531999990002:true"]);
  const perList = published.filter((e) => e.event === `ContactListItem-${list.id}`).flatMap((e) => (e.data as { items: { isWhatsappValid: boolean }[] }).items);
  expect(perList).toHaveLength(3);
  expect(perList.filter((i) => i.isWhatsappValid === false)).toHaveLength(1);
  expect(published.every((e) => e.channels[0] === `private-company-${t.companyId}-admins`)).toBe(true);
}, 40_000);

it("claims: one connection per number (the default while it is connected), a 2-minute lease, never twice at once", async () => {
  const db = getDb();
  const other = await createTenant({ plan: { useCampaigns: true }, chatbot: false });
  const list = (await call(postList, { method: "POST", url: "/api/contact-lists", token: (await loginAs(other.admin)).token, body: { name: "Claims" } })).body;
  const rows = Array.from({ length: 30 }, (_, i) => ({ companyId: other.companyId, contactListId: list.id, name: `P ${i}`, number: `55319888${String(i).padStart(5, "0")}` }));
  await db.insert(contactListItems).values(rows);
  const [second] = await db.insert(whatsapps).values({ companyId: other.companyId, name: "Segunda", provider: "sandbox", status: "CONNECTED" }).returning();
  const first = { id: other.whatsappId, companyId: other.companyId, provider: "sandbox" };
  const secondRef = { id: second.id, companyId: other.companyId, provider: "sandbox" };

  // the first connection is the default and connected: the other one takes nothing
  await db.update(whatsapps).set({ isDefault: true, status: "CONNECTED" }).where(eq(whatsapps.id, other.whatsappId));
  expect(await claimNumberChecks(db, secondRef, 10)).toEqual([]);

  // two claims at once never share an item
  const [x, y] = await Promise.all([claimNumberChecks(db, first, 10), claimNumberChecks(db, first, 10)]);
  expect(x.length + y.length).toBe(20);
  expect(new Set([...x, ...y].map((r) => r.id)).size).toBe(20);

  // the default goes down: the other connection takes what is left
  await db.update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, other.whatsappId));
  const rest = await claimNumberChecks(db, secondRef, 50);
  expect(rest).toHaveLength(10);
  expect(await claimNumberChecks(db, secondRef, 50)).toEqual([]);

  // a claim nobody answered within 2 minutes (a worker died) is claimed again
  const stale = [x[0].id, y[0].id];
  await db.update(contactListItems).set({ whatsappCheckedAt: sql`now() - interval '3 minutes'` }).where(inArray(contactListItems.id, stale));
  expect((await claimNumberChecks(db, secondRef, 50)).map((r) => r.id).sort()).toEqual(stale.sort());
  // another company's connection never claims these
  expect(await claimNumberChecks(db, { id: t.whatsappId, companyId: t.companyId, provider: "sandbox" }, 50)).toEqual([]);
});
