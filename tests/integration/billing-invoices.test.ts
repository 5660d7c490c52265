import { beforeAll, describe, expect, it } from "vitest";
import { GET as invoicesRoute } from "@/app/api/invoices/all/route";
import { getDb } from "@/db";
import { invoices } from "@/db/schema";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import { installBillingHooks, listInvoices } from "../helpers/billing-env";

// GET /api/invoices/all (spec admin §2.6 Faturas): the company's invoices, 20 a page, newest due
// date first, searched by detail or id; admins only; never another company's.
installBillingHooks();

let a: Tenant;
let adminA: string;
let made: { id: number; dueDate: string }[];

beforeAll(async () => {
  a = await createTenant();
  adminA = (await loginAs(a.admin)).token;
  const rows = Array.from({ length: 25 }, (_, i) => ({
    companyId: a.companyId,
    detail: i === 3 ? "Plano 100% Pro_X" : `Plano Básico ${i}`,
    value: 50 + i,
    dueDate: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String(Math.floor(i / 12) + 10)}`,
    planId: a.planId,
    ...(i === 0 ? { status: "paid", paidAt: new Date("2026-01-05T12:00:00Z") } : {}),
  }));
  made = await getDb().insert(invoices).values(rows).returning({ id: invoices.id, dueDate: invoices.dueDate });
});

describe("GET /api/invoices/all", () => {
  it("pages 20 at a time, newest due date first, in the contract's shape", async () => {
    const first = await listInvoices(adminA);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.invoices).toHaveLength(20);
    const dates = first.body.invoices.map((i: Json) => i.dueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await listInvoices(adminA, "?pageNumber=2");
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.invoices).toHaveLength(5);
    const all = [...first.body.invoices, ...second.body.invoices];
    expect(new Set(all.map((i: Json) => i.id)).size).toBe(25);
    const paid = all.find((i: Json) => i.id === made[0].id);
    expect(paid).toEqual({ id: made[0].id, detail: "Plano Básico 0", value: 50, dueDate: "2026-01-10", status: "paid", paidAt: "2026-01-05T12:00:00.000Z", planId: a.planId });
    expect(all.find((i: Json) => i.id === made[1].id)).toMatchObject({ status: "open", paidAt: null, value: 51 });
    // the charge stays on the server
    expect(Object.keys(paid)).not.toContain("txId");
  });

  it("searches by detail (case-insensitive, % and _ literal) or by id", async () => {
    expect((await listInvoices(adminA, "?searchParam=plano%20100%25%20pro_x")).body.invoices.map((i: Json) => i.id)).toEqual([made[3].id]);
    expect((await listInvoices(adminA, "?searchParam=_")).body.invoices.map((i: Json) => i.id)).toEqual([made[3].id]);
    expect((await listInvoices(adminA, "?searchParam=B%C3%A1sico%201")).body.count).toBe(11);
    expect((await listInvoices(adminA, `?searchParam=${made[7].id}`)).body.invoices.map((i: Json) => i.id)).toContain(made[7].id);
    expect((await listInvoices(adminA, "?searchParam=99999999999")).body.count).toBe(0);
  });

  it("never answers another company's invoices; agents and strangers are refused", async () => {
    const b = await createTenant();
    const adminB = (await loginAs(b.admin)).token;
    expect(await listInvoices(adminB)).toMatchObject({ status: 200, body: { invoices: [], count: 0, hasMore: false } });
    expect(await listInvoices(adminB, `?searchParam=${made[1].id}`)).toMatchObject({ body: { count: 0 } });
    expect(await listInvoices(adminA, `?companyId=${b.companyId}`)).toMatchObject({ status: 404 });
    expect(await listInvoices((await loginAs(a.agent)).token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await call(invoicesRoute, { url: "/api/invoices/all" })).status).toBe(401);
  });
});
