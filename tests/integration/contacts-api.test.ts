import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/contacts/[id]/route";
import { GET as optionsRoute } from "@/app/api/contacts/list/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/contacts/route";
import { getDb } from "@/db";
import { contactExtraInfo, contacts, tickets } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// /api/contacts: list, search, dates, add, edit, delete (spec core §2, §5, §6, §7)
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

let seq = 0;
const uniqueNumber = () => `5531${String(Date.now() % 1e5).padStart(5, "0")}${String(++seq).padStart(4, "0")}`;

const list = (token: string, query = "") => call(listRoute, { url: `/api/contacts${query}`, token });
const options = (token: string, query = "") => call(optionsRoute, { url: `/api/contacts/list${query}`, token });
const create = (token: string, body: Record<string, unknown>) => call(postRoute, { method: "POST", url: "/api/contacts", token, body });
const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/contacts/${id}`, token, params: { id } });
const put = (token: string, id: number, body: Record<string, unknown>) =>
  call(putRoute, { method: "PUT", url: `/api/contacts/${id}`, token, params: { id }, body });
const del = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/contacts/${id}`, token, params: { id } });
const issuesOf = (body: { issues?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));

async function insertContacts(companyId: number, rows: { name: string; number?: string; email?: string; createdAt?: Date }[]) {
  return getDb()
    .insert(contacts)
    .values(rows.map((r) => ({ companyId, name: r.name, number: r.number ?? uniqueNumber(), email: r.email ?? "", ...(r.createdAt ? { createdAt: r.createdAt } : {}) })))
    .returning();
}

describe("POST /api/contacts", () => {
  it("adds a contact with its number as digits and its extra info, and publishes it", async () => {
    const res = await create(agentA, {
      name: "  Maria Souza ",
      number: "+55 (31) 98888-0001",
      email: "maria@example.com",
      extraInfo: [{ name: "CPF", value: "123" }, { name: "Cidade", value: "BH" }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Maria Souza", number: "5531988880001", email: "maria@example.com", isGroup: false });
    expect(res.body.extraInfo.map((e: { name: string; value: string }) => [e.name, e.value])).toEqual([["CPF", "123"], ["Cidade", "BH"]]);
    expect(published).toEqual([
      { channels: [channels.company(a.companyId)], event: "contact", data: { action: "update", contact: expect.objectContaining({ id: res.body.id, name: "Maria Souza" }) } },
    ]);
  });

  it("answers the validation keys of the spec's messages", async () => {
    const empty = await create(adminA, {});
    expect(empty.status).toBe(400);
    expect(issuesOf(empty.body)).toMatchObject({ name: "fieldRequired", number: "fieldRequired" });
    const short = await create(adminA, { name: "A", number: "1234567", email: "nope" });
    expect(issuesOf(short.body)).toEqual({ name: "fieldTooShort", number: "fieldTooShort", email: "fieldInvalidEmail" });
    const long = await create(adminA, { name: "x".repeat(51), number: "9".repeat(51) });
    expect(issuesOf(long.body)).toEqual({ name: "fieldTooLong", number: "fieldTooLong" });
    // 8-50 digits (spec core §5), whatever mask is typed around them
    expect(issuesOf((await create(adminA, { name: "Ana", number: "+55 (31) 9" })).body)).toEqual({ number: "fieldTooShort" });
    expect((await create(adminA, { name: "Ana", number: "1234567890123456" })).status).toBe(201);
    expect(issuesOf((await create(adminA, { name: "Ana", number: "55319999900", extraInfo: [{ name: "", value: "x" }] })).body)).toEqual({
      "extraInfo.0.name": "required",
    });
    // an empty email is allowed
    expect((await create(adminA, { name: "Sem Email", number: uniqueNumber(), email: "" })).status).toBe(201);
  });

  it("answers 409 ERR_DUPLICATED_CONTACT for a number the company has, however it is typed", async () => {
    const number = uniqueNumber();
    expect((await create(adminA, { name: "Primeiro", number })).status).toBe(201);
    const dup = await create(agentA, { name: "Segundo", number: `+${number.slice(0, 2)} ${number.slice(2)}` });
    expect(dup).toMatchObject({ status: 409, body: { error: "ERR_DUPLICATED_CONTACT" } });
    // another company may have the same number
    expect((await create(adminB, { name: "Outro", number })).status).toBe(201);
  });

  it("refuses another company's id in the body", async () => {
    const res = await create(adminA, { name: "Ana", number: uniqueNumber(), companyId: b.companyId });
    expect(res).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
  });
});

describe("GET /api/contacts", () => {
  it("pages 30 at a time by name with { contacts, count, hasMore }", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    await insertContacts(t.companyId, Array.from({ length: 35 }, (_, i) => ({ name: `Cliente ${String(35 - i).padStart(2, "0")}` })));
    const first = await list(token);
    expect(first.status).toBe(200);
    expect(first.body.contacts).toHaveLength(30);
    expect(first.body).toMatchObject({ count: 35, hasMore: true });
    expect(first.body.contacts[0]).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Cliente 01",
      number: expect.stringMatching(/^\d+$/),
      email: "",
      profilePicUrl: "",
      isGroup: false,
      whatsappId: null,
      whatsapp: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await list(token, "?pageNumber=2");
    expect(second.body.contacts).toHaveLength(5);
    expect(second.body).toMatchObject({ count: 35, hasMore: false });
    const names = [...first.body.contacts, ...second.body.contacts].map((c: { name: string }) => c.name);
    expect(names).toEqual(Array.from({ length: 35 }, (_, i) => `Cliente ${String(i + 1).padStart(2, "0")}`));
    expect((await list(token, "?pageNumber=3")).body).toEqual({ contacts: [], count: 35, hasMore: false });
  });

  it("searches name, number and email case-insensitively and literally", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    const [ana, , carla] = await insertContacts(t.companyId, [
      { name: "Ana Beatriz", number: "5511912340000" },
      { name: "Bruno", email: "BRUNO@Empresa.com" },
      { name: "Carla 100%" },
    ]);
    const names = async (q: string) => (await list(token, `?searchParam=${encodeURIComponent(q)}`)).body.contacts.map((c: { name: string }) => c.name);
    expect(await names("aNA b")).toEqual(["Ana Beatriz"]);
    expect(await names("91234")).toEqual(["Ana Beatriz"]);
    expect(await names("empresa.COM")).toEqual(["Bruno"]);
    expect(await names("100%")).toEqual(["Carla 100%"]);
    expect(await names("_")).toEqual([]);
    expect((await list(token, "?searchParam=zzz")).body).toEqual({ contacts: [], count: 0, hasMore: false });
    expect([ana.id, carla.id]).toHaveLength(2);
  });

  it("filters by created date in the company's timezone (date, dateStart, dateEnd)", async () => {
    const t = await createTenant({ timezone: "America/Sao_Paulo" });
    const { token } = await loginAs(t.admin);
    await insertContacts(t.companyId, [
      // 23:00 on the 9th in São Paulo, already the 10th in UTC
      { name: "Noite Dia 09", createdAt: new Date("2025-03-10T02:00:00Z") },
      { name: "Manha Dia 10", createdAt: new Date("2025-03-10T12:00:00Z") },
      { name: "Dia 12", createdAt: new Date("2025-03-12T15:00:00Z") },
    ]);
    const names = async (q: string) => (await list(token, q)).body.contacts.map((c: { name: string }) => c.name).sort();
    expect(await names("?date=2025-03-09")).toEqual(["Noite Dia 09"]);
    expect(await names("?date=2025-03-10")).toEqual(["Manha Dia 10"]);
    expect(await names("?dateStart=2025-03-10")).toEqual(["Dia 12", "Manha Dia 10"]);
    expect(await names("?dateEnd=2025-03-10")).toEqual(["Manha Dia 10", "Noite Dia 09"]);
    expect(await names("?dateStart=2025-03-09&dateEnd=2025-03-12")).toHaveLength(3);
    expect(await names("?dateStart=2025-03-11&dateEnd=2025-03-11&searchParam=dia")).toEqual([]);
    expect((await list(token, "?date=10/03/2025")).status).toBe(400);
  });

  it("never lists another company's contacts and refuses its companyId", async () => {
    const [mine] = await insertContacts(a.companyId, [{ name: "Zenaide Exclusiva" }]);
    await insertContacts(b.companyId, [{ name: "Zenaide Exclusiva" }]);
    expect((await list(adminA, "?searchParam=zenaide")).body.contacts.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    expect((await list(adminA, `?companyId=${b.companyId}`)).status).toBe(404);
    expect((await call(listRoute, { url: "/api/contacts" })).status).toBe(401);
  });
});

describe("GET /api/contacts/list", () => {
  it("answers id, name and number for selects, searched or not, company only", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    const [x] = await insertContacts(t.companyId, [{ name: "Xavier", number: "5521900001111" }, { name: "Yara" }]);
    const all = await options(token);
    expect(all.status).toBe(200);
    expect(all.body.map((c: { name: string }) => c.name)).toEqual(["Xavier", "Yara"]);
    expect(all.body[0]).toEqual({ id: x.id, name: "Xavier", number: "5521900001111" });
    expect((await options(token, "?searchParam=XAV")).body).toEqual([{ id: x.id, name: "Xavier", number: "5521900001111" }]);
    expect((await options(token, "?searchParam=900001")).body).toHaveLength(1);
    expect((await options(adminB, "?searchParam=xavier")).body).toEqual([]);
  });
});

describe("GET /api/contacts/{id}", () => {
  it("answers a contact with its extra info; another company's or none is 404", async () => {
    const made = await create(adminA, { name: "Com Extra", number: uniqueNumber(), extraInfo: [{ name: "Plano", value: "Ouro" }] });
    const res = await getOne(agentA, made.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.body.id, name: "Com Extra", extraInfo: [{ id: expect.any(Number), name: "Plano", value: "Ouro" }] });
    expect(await getOne(adminB, made.body.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect((await getOne(adminA, 2_000_000_000)).status).toBe(404);
    expect((await getOne(adminA, "abc")).status).toBe(400);
  });
});

describe("PUT /api/contacts/{id}", () => {
  it("edits the fields and replaces the extra info as a set", async () => {
    const made = await create(adminA, {
      name: "Antes",
      number: uniqueNumber(),
      extraInfo: [{ name: "Manter", value: "1" }, { name: "Apagar", value: "2" }],
    });
    const [keep] = made.body.extraInfo;
    published.length = 0;
    const number = uniqueNumber();
    const res = await put(agentA, made.body.id, {
      name: "Depois",
      number: `+${number}`,
      email: "depois@example.com",
      extraInfo: [{ id: keep.id, name: "Manter", value: "1 alterado" }, { name: "Nova", value: "3" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Depois", number, email: "depois@example.com" });
    expect(res.body.extraInfo).toEqual([
      { id: keep.id, name: "Manter", value: "1 alterado" },
      { id: expect.any(Number), name: "Nova", value: "3" },
    ]);
    const rows = await getDb().select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, made.body.id));
    expect(rows).toHaveLength(2);
    expect(published[0]).toMatchObject({ event: "contact", data: { action: "update", contact: { id: made.body.id, name: "Depois" } } });
    // an empty list removes every field
    expect((await put(adminA, made.body.id, { name: "Depois", number, extraInfo: [] })).body.extraInfo).toEqual([]);
  });

  it("never touches another contact's extra info through a foreign id", async () => {
    const other = await create(adminA, { name: "Dono", number: uniqueNumber(), extraInfo: [{ name: "Segredo", value: "x" }] });
    const mine = await create(adminA, { name: "Meu", number: uniqueNumber() });
    const res = await put(adminA, mine.body.id, { name: "Meu", number: mine.body.number, extraInfo: [{ id: other.body.extraInfo[0].id, name: "Roubado", value: "y" }] });
    expect(res.body.extraInfo).toEqual([{ id: expect.any(Number), name: "Roubado", value: "y" }]);
    expect(res.body.extraInfo[0].id).not.toBe(other.body.extraInfo[0].id);
    expect((await getOne(adminA, other.body.id)).body.extraInfo).toEqual([{ id: other.body.extraInfo[0].id, name: "Segredo", value: "x" }]);
  });

  it("validates like the form, answers 409 for a taken number and 404 across companies", async () => {
    const [one, two] = await insertContacts(a.companyId, [{ name: "Um" }, { name: "Dois" }]);
    expect(issuesOf((await put(adminA, one.id, { name: "U", number: one.number, email: "x@" })).body)).toEqual({ name: "fieldTooShort", email: "fieldInvalidEmail" });
    expect(await put(adminA, one.id, { name: "Um", number: two.number })).toMatchObject({ status: 409, body: { error: "ERR_DUPLICATED_CONTACT" } });
    expect(await put(adminB, one.id, { name: "Invasor", number: uniqueNumber() })).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    const [still] = await getDb().select().from(contacts).where(eq(contacts.id, one.id));
    expect(still.name).toBe("Um");
  });

  it("keeps a group's id as its number", async () => {
    const [group] = await getDb()
      .insert(contacts)
      .values({ companyId: a.companyId, name: "Grupo", number: "120363041234567890", isGroup: true })
      .returning();
    const res = await put(adminA, group.id, { name: "Grupo Renomeado" });
    expect(res.body).toMatchObject({ name: "Grupo Renomeado", number: "120363041234567890", isGroup: true });
  });
});

describe("DELETE /api/contacts/{id}", () => {
  it("is for admins only (contacts-page:deleteContact)", async () => {
    const [c] = await insertContacts(a.companyId, [{ name: "Protegido" }]);
    expect(await del(agentA, c.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await getOne(adminA, c.id)).status).toBe(200);
  });

  it("removes the contact with its tickets and publishes the deletes", async () => {
    const [c] = await insertContacts(a.companyId, [{ name: "Removido" }]);
    const [ticket] = await getDb()
      .insert(tickets)
      .values({ companyId: a.companyId, contactId: c.id, whatsappId: a.whatsappId, status: "pending", queueId: a.agentQueueId })
      .returning();
    const res = await del(adminA, c.id);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await getOne(adminA, c.id)).status).toBe(404);
    expect(await getDb().select().from(tickets).where(and(eq(tickets.id, ticket.id)))).toEqual([]);
    expect(published).toContainEqual({ channels: [channels.company(a.companyId)], event: "contact", data: { action: "delete", contactId: c.id } });
    expect(published).toContainEqual(
      expect.objectContaining({ channels: expect.arrayContaining([channels.tickets(a.companyId, a.agentQueueId, "pending")]), data: { action: "delete", ticketId: ticket.id } }),
    );
  });

  it("answers 404 for another company's contact and leaves it", async () => {
    const [c] = await insertContacts(b.companyId, [{ name: "Alheio" }]);
    expect(await del(adminA, c.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect((await getOne(adminB, c.id)).status).toBe(200);
  });
});
