// Contact lists and their items (issue 15 §1): CRUD, paging and search, tenant isolation, events.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as itemRoute, PUT as putItem, DELETE as delItem } from "@/app/api/contact-list-items/[id]/route";
import { GET as itemsRoute, POST as postItem } from "@/app/api/contact-list-items/route";
import { GET as listRoute, PUT as putList, DELETE as delList } from "@/app/api/contact-lists/[id]/route";
import { GET as exampleRoute } from "@/app/api/contact-lists/example/route";
import { GET as allLists } from "@/app/api/contact-lists/list/route";
import { GET as listsRoute, POST as postList } from "@/app/api/contact-lists/route";
import { getDb } from "@/db";
import { settings } from "@/db/schema";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

let a: Tenant;
let b: Tenant;
let adminA: string;
let adminB: string;
let agentA: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant({ plan: { useCampaigns: true } }), createTenant({ plan: { useCampaigns: true } })]);
  [adminA, adminB, agentA] = (await Promise.all([loginAs(a.admin), loginAs(b.admin), loginAs(a.agent)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const createList = async (token: string, name: string) =>
  (await call(postList, { method: "POST", url: "/api/contact-lists", token, body: { name } })).body as { id: number; name: string; contactsCount: number };
const addItem = (token: string, contactListId: number, name: string, number: string, email = "") =>
  call(postItem, { method: "POST", url: "/api/contact-list-items", token, body: { name, number, email, contactListId } });

describe("contact lists", () => {
  it("creates, reads, renames and deletes a list, with its events on the admins channel", async () => {
    const created = await createList(adminA, "  Clientes VIP ");
    expect(created).toMatchObject({ name: "Clientes VIP", contactsCount: 0 });
    expect(published).toContainEqual({
      channels: [`private-company-${a.companyId}-admins`],
      event: "ContactList",
      data: { action: "create", record: created },
    });
    const got = await call(listRoute, { url: `/api/contact-lists/${created.id}`, token: adminA, params: { id: created.id } });
    expect(got.body).toEqual(created);
    const put = await call(putList, { method: "PUT", url: `/api/contact-lists/${created.id}`, token: adminA, params: { id: created.id }, body: { name: "VIP" } });
    expect(put.body.name).toBe("VIP");
    expect(published.some((e) => e.event === "ContactList" && (e.data as { action: string }).action === "update")).toBe(true);
    const del = await call(delList, { method: "DELETE", url: `/api/contact-lists/${created.id}`, token: adminA, params: { id: created.id } });
    expect(del.status).toBe(200);
    expect(published.at(-1)).toMatchObject({ event: "ContactList", data: { action: "delete", id: created.id } });
    const gone = await call(listRoute, { url: `/api/contact-lists/${created.id}`, token: adminA, params: { id: created.id } });
    expect(gone.status).toBe(404);
  });

  it("validates the name (2-50, required)", async () => {
    for (const [name, message] of [["", "required"], ["A", "tooShort"], ["x".repeat(51), "tooLong"]]) {
      const res = await call(postList, { method: "POST", url: "/api/contact-lists", token: adminA, body: { name } });
      expect(res.status).toBe(400);
      expect(res.body.issues).toContainEqual({ path: "name", message });
    }
  });

  it("pages 40 at a time, searches by name, and lists all of them for the campaign select", async () => {
    const marker = `pg${Date.now()}`;
    for (let i = 0; i < 45; i++) await createList(adminA, `${marker} ${String(i).padStart(2, "0")}`);
    const p1 = await call(listsRoute, { url: `/api/contact-lists?searchParam=${marker}&pageNumber=1`, token: adminA });
    expect(p1.body.records).toHaveLength(40);
    expect(p1.body).toMatchObject({ count: 45, hasMore: true });
    expect(p1.body.records[0]).toEqual({ id: expect.any(Number), name: `${marker} 00`, contactsCount: 0 });
    const p2 = await call(listsRoute, { url: `/api/contact-lists?searchParam=${marker}&pageNumber=2`, token: adminA });
    expect(p2.body.records).toHaveLength(5);
    expect(p2.body.hasMore).toBe(false);
    const all = await call(allLists, { url: "/api/contact-lists/list", token: adminA });
    expect(all.body.filter((l: { name: string }) => l.name.startsWith(marker))).toHaveLength(45);
    expect(Object.keys(all.body[0]).sort()).toEqual(["id", "name"]);
  });

  it("is for admins of companies with campaigns only", async () => {
    expect((await call(listsRoute, { url: "/api/contact-lists", token: agentA })).status).toBe(403);
    const noPlan = await createTenant({ plan: { useCampaigns: false } });
    await getDb().update(settings).set({ value: "false" }).where(and(eq(settings.companyId, noPlan.companyId), eq(settings.key, "campaignsEnabled")));
    const token = (await loginAs(noPlan.admin)).token;
    const res = await call(listsRoute, { url: "/api/contact-lists", token });
    expect(res).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
  });

  it("answers the example spreadsheet", async () => {
    const res = await call(exampleRoute, { url: "/api/contact-lists/example", token: adminA });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(".xlsx");
  });
});

describe("contact list items", () => {
  it("adds, edits and deletes items; counts them on the list; publishes per list", async () => {
    const list = await createList(adminA, "Itens");
    published.length = 0;
    const res = await addItem(adminA, list.id, "Ana Paula", "+55 (31) 99999-0001", "ana@exemplo.com");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Ana Paula",
      number: "5531999990001",
      email: "ana@exemplo.com",
      isWhatsappValid: null,
      companyId: a.companyId,
      contactListId: list.id,
    });
    const events = published.map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(["ContactListItem", `ContactListItem-${list.id}`, "ContactList"]));
    expect(published.find((e) => e.event === `ContactListItem-${list.id}`)?.data).toEqual({ action: "create", record: res.body });
    expect(published.find((e) => e.event === "ContactList")?.data).toMatchObject({ action: "update", record: { id: list.id, contactsCount: 1 } });

    const dup = await addItem(adminA, list.id, "Outra", "5531999990001");
    expect(dup).toMatchObject({ status: 409, body: { error: "ERR_CONTACT_LIST_ITEM_EXISTS" } });

    const id = res.body.id;
    const put = await call(putItem, { method: "PUT", url: `/api/contact-list-items/${id}`, token: adminA, params: { id }, body: { name: "Ana P." } });
    expect(put.body).toMatchObject({ name: "Ana P.", number: "5531999990001", email: "ana@exemplo.com" });
    const got = await call(itemRoute, { url: `/api/contact-list-items/${id}`, token: adminA, params: { id } });
    expect(got.body.name).toBe("Ana P.");
    published.length = 0;
    const del = await call(delItem, { method: "DELETE", url: `/api/contact-list-items/${id}`, token: adminA, params: { id } });
    expect(del.status).toBe(200);
    expect(published.find((e) => e.event === `ContactListItem-${list.id}`)?.data).toEqual({ action: "delete", id });
  });

  it("applies the spec's messages (Required, Too Short!, Too Long!, Invalid email, number 8-50)", async () => {
    const list = await createList(adminA, "Validação");
    const issues = async (body: object) =>
      (await call(postItem, { method: "POST", url: "/api/contact-list-items", token: adminA, body: { contactListId: list.id, ...body } })).body.issues;
    expect(await issues({ name: "", number: "5531999990001" })).toContainEqual({ path: "name", message: "fieldRequired" });
    expect(await issues({ name: "A", number: "5531999990001" })).toContainEqual({ path: "name", message: "fieldTooShort" });
    expect(await issues({ name: "x".repeat(51), number: "5531999990001" })).toContainEqual({ path: "name", message: "fieldTooLong" });
    expect(await issues({ name: "Ana", number: "1234567" })).toContainEqual({ path: "number", message: "fieldTooShort" });
    expect(await issues({ name: "Ana", number: "5531999990001", email: "nope" })).toContainEqual({ path: "email", message: "fieldInvalidEmail" });
  });

  it("a changed number is unknown on WhatsApp again", async () => {
    const list = await createList(adminA, "Troca");
    const { body } = await addItem(adminA, list.id, "Bia", "5531999990002");
    const { recordValidity } = await import("@/lib/contact-lists/record-validity");
    await recordValidity(getDb(), a.companyId, [{ id: body.id, valid: true }]);
    const kept = await call(putItem, { method: "PUT", url: "/x", token: adminA, params: { id: body.id }, body: { name: "Bia S." } });
    expect(kept.body.isWhatsappValid).toBe(true);
    const changed = await call(putItem, { method: "PUT", url: "/x", token: adminA, params: { id: body.id }, body: { number: "5531999990003" } });
    expect(changed.body).toMatchObject({ number: "5531999990003", isWhatsappValid: null });
  });

  it("pages a list's items 40 at a time and searches name, number and email", async () => {
    const list = await createList(adminA, "Paginada");
    for (let i = 0; i < 42; i++) await addItem(adminA, list.id, `Pessoa ${String(i).padStart(2, "0")}`, `55119000${String(i).padStart(5, "0")}`, i === 7 ? "sete@exemplo.com" : "");
    const page = (q: string) => call(itemsRoute, { url: `/api/contact-list-items?contactListId=${list.id}&${q}`, token: adminA });
    const p1 = await page("pageNumber=1");
    expect(p1.body.contacts).toHaveLength(40);
    expect(p1.body).toMatchObject({ count: 42, hasMore: true });
    expect(p1.body.contacts[0].name).toBe("Pessoa 00");
    expect((await page("pageNumber=2")).body).toMatchObject({ count: 42, hasMore: false });
    expect((await page("searchParam=pessoa 41")).body.contacts.map((c: { name: string }) => c.name)).toEqual(["Pessoa 41"]);
    expect((await page("searchParam=00012")).body.contacts.map((c: { name: string }) => c.name)).toEqual(["Pessoa 12"]);
    expect((await page("searchParam=sete@")).body.contacts.map((c: { name: string }) => c.name)).toEqual(["Pessoa 07"]);
    const listed = await call(listRoute, { url: "/x", token: adminA, params: { id: list.id } });
    expect(listed.body.contactsCount).toBe(42);
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another company's lists and items, and never touches them", async () => {
    const listB = await createList(adminB, "Lista de B");
    const itemB = (await addItem(adminB, listB.id, "Cliente B", "5531988880001")).body;
    const p = { id: listB.id };
    expect((await call(listRoute, { url: "/x", token: adminA, params: p })).status).toBe(404);
    expect((await call(putList, { method: "PUT", url: "/x", token: adminA, params: p, body: { name: "hacked" } })).status).toBe(404);
    expect((await call(delList, { method: "DELETE", url: "/x", token: adminA, params: p })).status).toBe(404);
    expect((await call(itemsRoute, { url: `/api/contact-list-items?contactListId=${listB.id}`, token: adminA })).status).toBe(404);
    expect((await addItem(adminA, listB.id, "Intruso", "5531977770001")).status).toBe(404);
    const ip = { id: itemB.id };
    expect((await call(itemRoute, { url: "/x", token: adminA, params: ip })).status).toBe(404);
    expect((await call(putItem, { method: "PUT", url: "/x", token: adminA, params: ip, body: { name: "hacked" } })).status).toBe(404);
    expect((await call(delItem, { method: "DELETE", url: "/x", token: adminA, params: ip })).status).toBe(404);
    const stillB = await call(itemsRoute, { url: `/api/contact-list-items?contactListId=${listB.id}`, token: adminB });
    expect(stillB.body.contacts).toEqual([expect.objectContaining({ name: "Cliente B" })]);
    const listsA = await call(listsRoute, { url: "/api/contact-lists?searchParam=Lista de B", token: adminA });
    expect(listsA.body.count).toBe(0);
  });
});
