// Which of the statements a request prepares does Postgres plan again on every execution? A
// prepared statement whose generic plan Postgres finds dearer than its custom plans keeps being
// planned (custom_plans grows), which costs what preparing was meant to save. Runs route handlers of
// the read paths on the large tenant through ONE pooled connection, then lists that connection's
// pg_prepared_statements with their generic and custom plan counts.
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/bench_large node --import tsx tests/bench/plan-cache.ts
import { NextRequest } from "next/server";
import { getDb, rawClient } from "@/db";
import { GET as listTickets } from "@/app/api/tickets/route";
import { GET as listMessages } from "@/app/api/messages/[id]/route";
import { GET as kanban } from "@/app/api/ticket/kanban/route";
import { loginAs } from "../helpers/factories";
import { BASE_URL, type Handler } from "../helpers/http";
import { onLargeTenant } from "./on-large-tenant";

process.env.DB_POOL_MAX = "1";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);

onLargeTenant(async (tenant, db) => {
  const admin = (await loginAs(tenant.admin)).token;
  const agent = (await loginAs(tenant.agents[0])).token;
  const [{ id: ticketId }] = await db.sql<{ id: number }[]>`select id from tickets where company_id = ${tenant.companyId} order by id limit 1`;
  const calls: [Handler, string, string, Record<string, string>?][] = [
    [listTickets as Handler, "/api/tickets?status=open&showAll=true&pageNumber=1", admin],
    [listTickets as Handler, "/api/tickets?status=open&showAll=true&pageNumber=5", admin],
    [listTickets as Handler, "/api/tickets?status=pending&pageNumber=1", agent],
    [listTickets as Handler, "/api/tickets?status=closed&pageNumber=1", agent],
    [listTickets as Handler, "/api/tickets?status=closed&showAll=true&pageNumber=1", admin],
    [listTickets as Handler, "/api/tickets?searchParam=pedido&showAll=true&pageNumber=1", admin],
    [listTickets as Handler, "/api/tickets?searchParam=pedido&pageNumber=1", agent],
    [listMessages as Handler, `/api/messages/${ticketId}?pageNumber=1`, admin, { id: String(ticketId) }],
    [listMessages as Handler, `/api/messages/${ticketId}?pageNumber=25`, admin, { id: String(ticketId) }],
    [kanban as Handler, "/api/ticket/kanban?lane=open&pageNumber=1", admin],
  ];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [handler, url, token, params] of calls) {
      const req = new NextRequest(new URL(url, BASE_URL), { headers: { authorization: `Bearer ${token}` } });
      const res = await handler(req, { params: Promise.resolve(params ?? {}) });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  }
  const rows = await rawClient(getDb())<{ statement: string; generic_plans: number; custom_plans: number }[]>`
    select statement, generic_plans::int, custom_plans::int from pg_prepared_statements order by custom_plans desc, generic_plans desc`;
  console.log(`${ROUNDS} rounds of ${calls.length} requests on one connection; its prepared statements:`);
  console.log("generic  custom  statement");
  for (const r of rows) console.log(`${String(r.generic_plans).padStart(7)} ${String(r.custom_plans).padStart(7)}  ${process.env.BENCH_FULL ? r.statement : r.statement.replace(/\s+/g, " ").slice(0, 200)}`);
});
