import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { listTickets } from "@/lib/tickets/list-tickets";
import { listTicketsQuery } from "@/lib/tickets/schemas";
import { ticketFiltersWhere } from "@/lib/tickets/search/list-where";
import { searchTickets } from "@/lib/tickets/search/text-search";
import { createTenant, type Tenant } from "../helpers/factories";
import { usePgliteDb } from "../helpers/pglite-db";

// The demo runs on embedded PGlite: the search migration (pg_trgm, btree_gin, trigram GIN indexes)
// must apply there, and the text search must answer through those indexes.
let stop: (() => Promise<void>) | undefined;
let tenant: Tenant;
let ctx: TenantContext;
let rareTicket: number;

beforeAll(async () => {
  // this file's queries go to the PGlite (no client of the file's own database exists yet)
  stop = await usePgliteDb("tickets-pglite-");
  tenant = await createTenant({ chatbot: false });
  ctx = { companyId: tenant.companyId, userId: tenant.admin.id, profile: "admin", queueIds: tenant.queueIds, super: false, sessionId: "s" };
  const db = getDb();
  const cs = await db
    .insert(contacts)
    .values(Array.from({ length: 120 }, (_, i) => ({ companyId: tenant.companyId, name: `Demo ${i}`, number: `5511${String(i).padStart(9, "0")}` })))
    .returning({ id: contacts.id });
  const ts = await db
    .insert(tickets)
    .values(cs.map((c, i) => ({ companyId: tenant.companyId, contactId: c.id, status: "closed", updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000) })))
    .returning({ id: tickets.id });
  await db.insert(messages).values(ts.map((t, i) => ({ companyId: tenant.companyId, ticketId: t.id, wid: `D${i}`, body: i === 3 ? "Uma XILOGRAVURA rara" : `pedido ${i}` })));
  rareTicket = ts[3].id;
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe("ticket search on embedded PGlite", () => {
  it("has the trigram extensions and indexes", async () => {
    const ext = await getDb().execute<{ extname: string }>(sql`select extname from pg_extension where extname in ('pg_trgm', 'btree_gin') order by 1`);
    expect([...ext].map((r) => r.extname)).toEqual(["btree_gin", "pg_trgm"]);
    const idx = await getDb().execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where indexname in ('messages_body_trgm_idx', 'contacts_name_number_trgm_idx') order by 1`,
    );
    expect([...idx].map((r) => r.indexname)).toEqual(["contacts_name_number_trgm_idx", "messages_body_trgm_idx"]);
    for (const r of idx) expect(r.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
  });

  it("answers a rare term through the trigram index, and lists the ticket", async () => {
    const where = await ticketFiltersWhere(getDb(), ctx, listTicketsQuery.parse({ status: "" }));
    expect((await searchTickets(getDb(), tenant.companyId, where, "xilogravura", { offset: 0, size: 40 })).kind).toBe("where");
    const res = await listTickets(getDb(), ctx, listTicketsQuery.parse({ status: "", searchParam: "XiloGravura" }));
    expect(res.tickets.map((t) => t.id)).toEqual([rareTicket]);
    expect(res).toMatchObject({ count: 1, hasMore: false });
    const plan = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ "QUERY PLAN": string }>(sql`explain select ticket_id from messages where company_id = ${tenant.companyId} and body ilike '%xilogravura%'`);
    });
    expect([...plan].map((r) => r["QUERY PLAN"]).join("\n")).toContain("messages_body_trgm_idx");
  });

  it("pages a common term over the walk", async () => {
    const res = await listTickets(getDb(), ctx, listTicketsQuery.parse({ status: "", searchParam: "pedido" }));
    expect(res.tickets).toHaveLength(40);
    expect(res.hasMore).toBe(true);
    expect(res.tickets[0].contact.name).toBe("Demo 119");
  });
});
