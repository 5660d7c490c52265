import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteNoteRoute } from "@/app/api/ticket-notes/[id]/route";
import { GET as listNotesRoute } from "@/app/api/ticket-notes/list/route";
import { POST as createNoteRoute } from "@/app/api/ticket-notes/route";
import { getDb } from "@/db";
import { contacts, tickets } from "@/db/schema";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// Ticket notes of the contact drawer (spec core §3, §5: at least 2 characters): list, add, delete.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let otherAgentA: string;
let adminB: string;
const T: Record<string, { id: number; contactId: number }> = {};

async function makeTicket(t: Tenant, number: string, queueId: number | null) {
  const [contact] = await getDb().insert(contacts).values({ companyId: t.companyId, name: `Nota ${number}`, number }).returning();
  const [ticket] = await getDb().insert(tickets).values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, status: "open", queueId }).returning();
  return { id: ticket.id, contactId: contact.id };
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const [other] = await createUsers(a.companyId, 1, "Colega");
  [adminA, agentA, otherAgentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(other), loginAs(b.admin)])).map((s) => s.token);
  T.mine = await makeTicket(a, "5531911110001", a.agentQueueId);
  T.noQueue = await makeTicket(a, "5531911110002", null);
  T.otherQueue = await makeTicket(a, "5531911110003", a.queueIds[1]);
  T.foreign = await makeTicket(b, "5531911110004", null);
});

const create = (token: string, body: unknown) => call(createNoteRoute, { method: "POST", url: "/api/ticket-notes", token, body });
const list = (token: string, t: { id: number; contactId: number }) =>
  call(listNotesRoute, { url: `/api/ticket-notes/list?ticketId=${t.id}&contactId=${t.contactId}`, token });
const remove = (token: string, id: number) => call(deleteNoteRoute, { method: "DELETE", url: `/api/ticket-notes/${id}`, token, params: { id } });
const note = (t: { id: number; contactId: number }, text: string) => ({ note: text, ticketId: t.id, contactId: t.contactId });

describe("ticket notes", () => {
  it("adds notes and lists them newest first with their author", async () => {
    const first = await create(agentA, note(T.mine, "  Cliente prefere contato à tarde  "));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      note: "Cliente prefere contato à tarde",
      ticketId: T.mine.id,
      contactId: T.mine.contactId,
      user: { id: a.agent.id, name: a.agent.name },
      createdAt: expect.any(String),
    });
    const second = await create(adminA, note(T.mine, "ok"));
    const res = await list(agentA, T.mine);
    expect(res.status).toBe(200);
    expect(res.body.map((n: { id: number }) => n.id)).toEqual([second.body.id, first.body.id]);
    expect(res.body[0].user).toEqual({ id: a.admin.id, name: a.admin.name });
    expect((await list(agentA, T.noQueue)).body).toEqual([]);
  });

  it("requires at least 2 characters after trimming, and both ids", async () => {
    for (const [text, message] of [["", "required"], ["   ", "required"], [" a ", "tooShort"], ["x".repeat(5001), "tooLong"]]) {
      expect(await create(agentA, note(T.mine, text))).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "note", message }] } });
    }
    expect((await create(agentA, { note: "sem ticket", contactId: T.mine.contactId })).status).toBe(400);
    expect((await create(agentA, { ticketId: T.mine.id, contactId: T.mine.contactId })).body.issues[0]).toEqual({ path: "note", message: "required" });
    expect((await call(listNotesRoute, { url: `/api/ticket-notes/list?contactId=${T.mine.contactId}`, token: agentA })).status).toBe(400);
  });

  it("refuses another queue's ticket to an agent, a ticket of another contact, and another company", async () => {
    expect(await create(agentA, note(T.otherQueue, "não pode"))).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await list(agentA, T.otherQueue)).status).toBe(403);
    expect((await create(adminA, note(T.otherQueue, "admin pode"))).status).toBe(201);
    // the pair must name a ticket and its own contact
    expect(await create(adminA, { note: "trocado", ticketId: T.mine.id, contactId: T.noQueue.contactId })).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect((await list(adminA, { id: T.mine.id, contactId: T.noQueue.contactId })).status).toBe(404);
    // another company's ticket, from either side
    expect(await create(adminA, note(T.foreign, "invasão"))).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect((await list(adminA, T.foreign)).status).toBe(404);
    expect((await list(adminB, T.mine)).status).toBe(404);
    expect((await create(adminA, { ...note(T.mine, "outra empresa"), companyId: b.companyId })).status).toBe(404);
    expect((await call(createNoteRoute, { method: "POST", url: "/api/ticket-notes", body: note(T.mine, "anônimo") })).status).toBe(401);
  });

  it("lets the author or an admin delete a note, nobody else, and never another company's", async () => {
    const mine = (await create(agentA, note(T.noQueue, "do agente"))).body.id;
    const byAdmin = (await create(adminA, note(T.noQueue, "do admin"))).body.id;
    expect(await remove(otherAgentA, mine)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await remove(agentA, byAdmin)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await remove(adminB, mine)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_NOTE_FOUND" } });
    expect(await remove(agentA, mine)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await remove(adminA, byAdmin)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await list(adminA, T.noQueue)).body).toEqual([]);
    expect((await remove(adminA, mine)).status).toBe(404);
    const agents = (await create(agentA, note(T.noQueue, "o admin apaga"))).body.id;
    expect((await remove(adminA, agents)).status).toBe(200);
  });
});
