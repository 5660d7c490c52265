// DELETE /api/companies/{id} (issue 13 §1): every row of the company, its media folder and its
// WhatsApp sessions (logged out, not only stopped) go; the platform owner's company is refused.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contacts, messages, tags, tickets, whatsapps } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { saveMedia } from "@/lib/storage";
import { createTenant, type Tenant } from "../helpers/factories";
import { companies, installCompanyHooks, published, setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { createFakeWorker } from "../helpers/fake-worker";

let w: SuperWorld;
let storageDir: string;
const savedStorage = process.env.STORAGE_DIR;
installCompanyHooks();
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "companies-delete-"));
  process.env.STORAGE_DIR = storageDir;
  resetEnvCache();
  w = await setupSuperAdmin();
});
afterAll(async () => {
  if (savedStorage === undefined) delete process.env.STORAGE_DIR;
  else process.env.STORAGE_DIR = savedStorage;
  await fs.rm(storageDir, { recursive: true, force: true });
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s()));
});

/** Every table with a company_id column (read from the catalogue, so tables added later count). */
async function tenantTables(): Promise<string[]> {
  const rows = await getDb().execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
    order by 1`);
  return rows.map((r) => r.table_name);
}

async function rowCounts(companyId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await tenantTables()) {
    const [{ n }] = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)} where company_id = ${companyId}`);
    out[t] = n;
  }
  const [{ n }] = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from companies where id = ${companyId}`);
  out.companies = n;
  return out;
}

/** A tenant with a ticket, a message, a tag and a stored file. */
async function busyTenant(): Promise<Tenant & { mediaFile: string }> {
  const t = await createTenant();
  const db = getDb();
  const [contact] = await db.insert(contacts).values({ companyId: t.companyId, name: "Cliente", number: `55319${String(t.companyId).padStart(6, "0")}` }).returning();
  const [ticket] = await db.insert(tickets).values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, status: "open" }).returning();
  await db.insert(messages).values({ companyId: t.companyId, ticketId: ticket.id, contactId: contact.id, whatsappId: t.whatsappId, wid: `m-${ticket.id}`, body: "Oi" });
  await db.insert(tags).values({ companyId: t.companyId, name: "VIP", color: "#112233" });
  const media = await saveMedia(t.companyId, new TextEncoder().encode("arquivo"), { filename: "nota.txt", mimetype: "text/plain" });
  return { ...t, mediaFile: path.join(storageDir, media.path) };
}

describe("DELETE /api/companies/{id}", () => {
  it("every company-scoped table cascades from companies", async () => {
    const rows = await getDb().execute<{ table_name: string; cascades: boolean }>(sql`
      select c.relname as table_name,
        exists(select 1 from pg_constraint k
               where k.conrelid = c.oid and k.contype = 'f' and k.confrelid = 'companies'::regclass
                 and k.confdeltype = 'c' and k.conkey = array[a.attnum]) as cascades
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
      where c.relkind = 'r'`);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.cascades).map((r) => r.table_name)).toEqual([]);
  });

  it("removes every row of the company and its media folder, and nothing of another company", async () => {
    const t = await busyTenant();
    const other = await busyTenant();
    const before = await rowCounts(t.companyId);
    expect(before).toMatchObject({ companies: 1, users: 2, tickets: 1, messages: 1, tags: 1, whatsapps: 1, settings: expect.any(Number) });
    const otherBefore = await rowCounts(other.companyId);

    const res = await companies.remove(w.superToken, t.companyId);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const after = await rowCounts(t.companyId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    await expect(fs.stat(path.join(storageDir, String(t.companyId)))).rejects.toMatchObject({ code: "ENOENT" });
    expect(await rowCounts(other.companyId)).toEqual(otherBefore);
    await expect(fs.readFile(other.mediaFile, "utf8")).resolves.toBe("arquivo");
    // its users' browsers are told their session ended
    expect(published.find((e) => e.event === EVENTS.auth)).toMatchObject({ channels: expect.arrayContaining([channels.user(t.companyId, t.admin.id)]), data: { action: "companyDeleted" } });
    expect(await companies.get(w.superToken, t.companyId)).toMatchObject({ status: 404 });
    expect(await companies.remove(w.superToken, t.companyId)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
  });

  it("logs its running WhatsApp sessions out before the rows go", async () => {
    const t = await createTenant();
    await getDb().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, t.whatsappId));
    const { worker, of } = createFakeWorker("w-delete");
    stops.push(() => worker.stop());
    await worker.start();
    expect(worker.running()).toContain(t.whatsappId);

    expect((await companies.remove(w.superToken, t.companyId)).status).toBe(200);
    // the delete answered after the worker had logged the session out
    expect(of(t.whatsappId)).toEqual([expect.objectContaining({ started: 1, loggedOut: 1 })]);
    expect(worker.running()).not.toContain(t.whatsappId);
    expect(await getDb().select().from(whatsapps).where(eq(whatsapps.id, t.whatsappId))).toEqual([]);
  });

  it("refuses the platform owner's company (409 ERR_COMPANY_PROTECTED) and changes nothing", async () => {
    const before = await rowCounts(w.owner.companyId);
    expect(await companies.remove(w.superToken, w.owner.companyId)).toMatchObject({ status: 409, body: { error: "ERR_COMPANY_PROTECTED" } });
    expect(await rowCounts(w.owner.companyId)).toEqual(before);
    expect(published.filter((e) => e.event === EVENTS.auth)).toEqual([]);
  });
});
