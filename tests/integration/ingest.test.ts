import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import { applyAck, applyDelete, applyEdit } from "@/lib/messages/apply-provider-update";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { channels } from "@/lib/realtime/channels";
import { MAX_PAYLOAD_BYTES, setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, type Tenant } from "../helpers/factories";

// issue 4 part 5/7: one transaction per inbound message, idempotent, one ticket under concurrency
let t: Tenant;
const published: RealtimeEvent[] = [];
let seq = 0;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant({ chatbot: false });
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => {
  published.length = 0;
});

const newNumber = () => `55119${String(Date.now() % 1e7).padStart(7, "0")}${String(++seq).padStart(3, "0")}`.slice(0, 15);
const wid = () => `3A${randomBytes(8).toString("hex").toUpperCase()}`;

function inbound(number: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  return {
    wid: wid(),
    chatId: number,
    isGroup: false,
    from: { number, name: "Maria" },
    fromMe: false,
    body: "Olá",
    mediaType: null,
    timestamp: new Date(),
    ...extra,
  };
}

const ingest = (message: InboundMessage, tenant = t) => ingestInbound(getDb(), { companyId: tenant.companyId, whatsappId: tenant.whatsappId, message });

async function ticketRow(id: number) {
  const [row] = await getDb().select().from(tickets).where(eq(tickets.id, id));
  return row;
}

describe("ingestInbound", () => {
  it("stores the same message once, however often it is replayed", async () => {
    const m = inbound(newNumber());
    const first = await ingest(m);
    expect(first).toMatchObject({ duplicate: false, ticketCreated: true });
    const eventsOfFirst = published.length;
    expect(eventsOfFirst).toBeGreaterThan(0);
    const again = await ingest(m);
    const third = await ingest({ ...m, body: "changed on replay" });
    expect(again).toEqual({ ...first, duplicate: true, ticketCreated: false });
    expect(third.duplicate).toBe(true);
    const rows = await getDb().select().from(messages).where(eq(messages.wid, m.wid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: "Olá", fromMe: false, read: false, ticketId: first.ticketId });
    const ticket = await ticketRow(first.ticketId);
    expect(ticket).toMatchObject({ unreadMessages: 1, lastMessage: "Olá", status: "pending", queueId: null, isGroup: false });
    // a recent replay publishes the stored message again, without a notification (its first worker
    // may have died before publishing; lists merge by id)
    const replayed = published.slice(eventsOfFirst);
    expect(replayed).toHaveLength(2 * eventsOfFirst);
    const created = replayed.filter((e) => e.event === "appMessage").map((e) => e.data as { message: { id: number; body: string }; notify?: boolean });
    expect(created.map((d) => d.message.body)).toEqual(["Olá", "Olá"]);
    expect(created.every((d) => !d.notify)).toBe(true);
  });

  it("publishes nothing again for an old replay or a history replay", async () => {
    const old = inbound(newNumber(), { timestamp: new Date(Date.now() - 60 * 60_000) });
    await ingest(old);
    const history = inbound(newNumber(), { fromHistory: true });
    await ingest(history);
    published.length = 0;
    expect((await ingest(old)).duplicate).toBe(true);
    expect((await ingest(history)).duplicate).toBe(true);
    expect(published).toHaveLength(0);
  });

  it("puts 50 concurrent messages of one new contact on one ticket", async () => {
    const number = newNumber();
    const batch = Array.from({ length: 50 }, (_, i) => inbound(number, { body: `m${i}` }));
    const results = await Promise.all(batch.map((m) => ingest(m)));
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    expect(results.filter((r) => r.ticketCreated)).toHaveLength(1);
    expect(results.every((r) => !r.duplicate)).toBe(true);
    const [contact] = await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, number)));
    const open = await getDb().select().from(tickets).where(eq(tickets.contactId, contact.id));
    expect(open).toHaveLength(1);
    expect(open[0].unreadMessages).toBe(50);
    const rows = await getDb().select({ id: messages.id }).from(messages).where(eq(messages.ticketId, open[0].id));
    expect(rows).toHaveLength(50);
  });

  it("stores one message delivered ten times at once: one row, one unread, the copies answered as duplicates", async () => {
    const number = newNumber();
    await ingest(inbound(number));
    const m = inbound(number, { body: "entregue várias vezes" });
    const results = await Promise.all(Array.from({ length: 10 }, () => ingest(m)));
    expect(new Set(results.map((r) => r.messageId)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const rows = await getDb().select({ id: messages.id }).from(messages).where(and(eq(messages.whatsappId, t.whatsappId), eq(messages.wid, m.wid)));
    expect(rows).toHaveLength(1);
    // the copies that lost moved nothing: the ticket counts the message once
    expect(await ticketRow(results[0].ticketId)).toMatchObject({ unreadMessages: 2, lastMessage: "entregue várias vezes" });
    // a new contact's first message delivered twice at once: one ticket, nothing left behind
    const fresh = inbound(newNumber());
    const pair = await Promise.all([ingest(fresh), ingest(fresh)]);
    expect(pair[0].ticketId).toBe(pair[1].ticketId);
    expect(pair.filter((r) => r.ticketCreated)).toHaveLength(1);
    const [contact] = await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, fresh.chatId)));
    expect(await getDb().select().from(tickets).where(eq(tickets.contactId, contact.id))).toHaveLength(1);
  });

  it("burns no contact or ticket id on messages of existing conversations, nor on replays", async () => {
    const number = newNumber();
    const first = inbound(number);
    await ingest(first);
    const sequences = async () =>
      (await getDb().execute(sql`select (select last_value from contacts_id_seq) as c, (select last_value from tickets_id_seq) as t`))[0];
    const before = await sequences();
    for (let i = 0; i < 5; i++) await ingest(inbound(number, { body: `again ${i}` }));
    await ingest(first);
    expect(await sequences()).toEqual(before);
  });

  it("opens a new ticket when the contact's ticket was closed", async () => {
    const number = newNumber();
    const first = await ingest(inbound(number));
    const second = await ingest(inbound(number, { body: "de novo" }));
    expect(second).toMatchObject({ ticketId: first.ticketId, ticketCreated: false });
    expect((await ticketRow(first.ticketId)).unreadMessages).toBe(2);
    await getDb().update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.ticketId));
    const third = await ingest(inbound(number, { body: "voltei" }));
    expect(third.ticketCreated).toBe(true);
    expect(third.ticketId).not.toBe(first.ticketId);
    expect(await ticketRow(third.ticketId)).toMatchObject({ status: "pending", unreadMessages: 1, lastMessage: "voltei" });
    expect((await ticketRow(first.ticketId)).status).toBe("closed");
  });

  it("files a group message under the group contact, naming the participant as sender", async () => {
    const groupId = `120363${Date.now()}`.slice(0, 18);
    const participant = newNumber();
    const m = inbound(groupId, { isGroup: true, groupName: "Família", from: { number: participant, name: "Tia Ana" } });
    const res = await ingest(m);
    const db = getDb();
    const ticket = await ticketRow(res.ticketId);
    const [group] = await db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(group).toMatchObject({ number: groupId, name: "Família", isGroup: true });
    expect(ticket.isGroup).toBe(true);
    const [msg] = await db.select().from(messages).where(eq(messages.id, res.messageId));
    const [sender] = await db.select().from(contacts).where(eq(contacts.id, msg.contactId!));
    expect(sender).toMatchObject({ number: participant, name: "Tia Ana", isGroup: false });
    expect(msg.participant).toBe(participant);
    // a second participant lands on the same group ticket
    const other = await ingest(inbound(groupId, { isGroup: true, groupName: "Família", from: { number: newNumber(), name: "Tio Zé" } }));
    expect(other.ticketId).toBe(res.ticketId);
    const created = published.find((e) => e.event === "appMessage" && (e.data as { message: { id: number } }).message.id === other.messageId);
    expect((created?.data as { message: { contact: { name: string } } }).message.contact.name).toBe("Tio Zé");
  });

  it("refuses a LID instead of a phone number, and stores nothing", async () => {
    const lid = "123456789012345";
    await expect(ingest(inbound(`${lid}@lid`))).rejects.toMatchObject({ code: "ERR_LID_NOT_MAPPED" });
    await expect(ingest(inbound(lid, { from: { number: lid, lid: `${lid}@lid` } }))).rejects.toMatchObject({ code: "ERR_LID_NOT_MAPPED" });
    await expect(ingest(inbound("+55 11 9999"))).rejects.toMatchObject({ code: "ERR_INVALID_NUMBER" });
    const groupId = `120363${Date.now()}`.slice(0, 18);
    await expect(ingest(inbound(groupId, { isGroup: true, from: { number: `${lid}@lid` } }))).rejects.toMatchObject({ code: "ERR_LID_NOT_MAPPED" });
    const rows = await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, lid)));
    expect(rows).toHaveLength(0);
    // with the phone number mapped by the provider, the LID is kept beside it
    const number = newNumber();
    await ingest(inbound(number, { from: { number, name: "Com LID", lid: `${lid}@lid` } }));
    const [c] = await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, number)));
    expect(c).toMatchObject({ lid, name: "Com LID" });
  });

  it("keeps a real name, fills a missing one", async () => {
    const number = newNumber();
    await ingest(inbound(number, { from: { number } }));
    const read = async () => (await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, number))))[0];
    expect((await read()).name).toBe(number);
    await ingest(inbound(number, { from: { number, name: "João" } }));
    expect((await read()).name).toBe("João");
    await ingest(inbound(number, { from: { number, name: "" } }));
    await ingest(inbound(number, { from: { number, name: "Outro Nome" } }));
    expect((await read()).name).toBe("João");
  });

  it("resolves a quoted wid, stores media keys and labels media in the last message", async () => {
    const number = newNumber();
    const original = inbound(number, { body: "pergunta" });
    const first = await ingest(original);
    const key = `${t.companyId}/2025-01/0f0f0f0f-0000-4000-8000-000000000000-foto.jpg`;
    const reply = inbound(number, {
      body: "",
      quotedWid: original.wid,
      mediaType: "image",
      media: { path: key, mimetype: "image/jpeg", filename: "foto.jpg" },
    });
    const res = await ingest(reply);
    const [row] = await getDb().select().from(messages).where(eq(messages.id, res.messageId));
    expect(row).toMatchObject({ quotedMsgId: first.messageId, mediaUrl: key, mediaType: "image" });
    expect((await ticketRow(res.ticketId)).lastMessage).toBe("📷");
    const event = published.findLast((e) => e.event === "appMessage");
    expect(event?.data).toMatchObject({
      action: "create",
      ticketId: res.ticketId,
      notify: true,
      message: { id: res.messageId, mediaUrl: `/api/media/${key}`, quotedMsg: { id: first.messageId, body: "pergunta", fromMe: false } },
    });
    // another company's storage key is refused
    await expect(ingest(inbound(number, { mediaType: "image", media: { path: "999999/x.jpg", mimetype: "image/jpeg", filename: "x.jpg" } }))).rejects.toMatchObject({
      code: "ERR_WAPP_DOWNLOAD_MEDIA",
    });
  });

  it("publishes small events on the ticket's channels; own and history messages do not notify", async () => {
    const number = newNumber();
    const res = await ingest(inbound(number, { body: "x".repeat(20000) }));
    const ticketChannel = channels.ticket(t.companyId, res.ticketId);
    const lists = [channels.tickets(t.companyId, null, "pending"), channels.allTickets(t.companyId, "pending")];
    const msg = published.find((e) => e.event === "appMessage")!;
    expect(msg.channels).toEqual([ticketChannel, ...lists]);
    expect(published.filter((e) => e.event === "ticket").flatMap((e) => e.channels).sort()).toEqual([ticketChannel, ...lists].sort());
    for (const e of published) expect(Buffer.byteLength(JSON.stringify(e.data))).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect((msg.data as { message: { truncated?: boolean } }).message.truncated).toBe(true);
    const ticketEvent = published.find((e) => e.event === "ticket")!.data as { ticket: Record<string, unknown> };
    expect(Object.keys(ticketEvent.ticket).sort()).toEqual(
      ["contact", "id", "isGroup", "lastMessage", "queueId", "status", "unreadMessages", "updatedAt", "userId", "uuid", "whatsappId"].sort(),
    );
    published.length = 0;
    await ingest(inbound(number, { fromMe: true, body: "do celular" }));
    await ingest(inbound(number, { fromHistory: true, body: "antiga" }));
    const notifies = published.filter((e) => e.event === "appMessage").map((e) => (e.data as { notify: boolean }).notify);
    expect(notifies).toEqual([false, false]);
    // an own message does not count as unread
    expect((await ticketRow(res.ticketId)).unreadMessages).toBe(2);
  });

  it("refuses a connection of another company", async () => {
    const other = await createTenant({ chatbot: false });
    await expect(
      ingestInbound(getDb(), { companyId: t.companyId, whatsappId: other.whatsappId, message: inbound(newNumber()) }),
    ).rejects.toMatchObject({ code: "ERR_NO_WAPP_FOUND" });
  });
});

describe("provider updates", () => {
  it("raises acks only, and publishes each change on the conversation channel", async () => {
    const m = inbound(newNumber());
    const res = await ingest(m);
    const ref = { companyId: t.companyId, whatsappId: t.whatsappId, wid: m.wid };
    published.length = 0;
    expect(await applyAck(getDb(), { ...ref, ack: 3 })).toMatchObject({ ack: 3 });
    expect(await applyAck(getDb(), { ...ref, ack: 2 })).toBeNull();
    expect(await applyAck(getDb(), { ...ref, ack: 3 })).toBeNull();
    expect(await applyAck(getDb(), { ...ref, ack: 5 })).toMatchObject({ ack: 5 });
    expect(await applyAck(getDb(), { ...ref, wid: "unknown", ack: 4 })).toBeNull();
    // another company cannot touch it
    expect(await applyAck(getDb(), { ...ref, companyId: t.companyId + 1000, ack: 5 })).toBeNull();
    const [row] = await getDb().select().from(messages).where(eq(messages.id, res.messageId));
    expect(row.ack).toBe(5);
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({
      channels: [channels.ticket(t.companyId, res.ticketId)],
      event: "appMessage",
      data: { action: "update", ticketId: res.ticketId, message: { id: res.messageId, ack: 3 } },
    });
  });

  it("marks edits and deletes, keeping the deleted body", async () => {
    const m = inbound(newNumber(), { body: "antes" });
    const res = await ingest(m);
    const ref = { companyId: t.companyId, whatsappId: t.whatsappId, wid: m.wid };
    await applyEdit(getDb(), { ...ref, body: "depois" });
    await applyDelete(getDb(), ref);
    const [row] = await getDb().select().from(messages).where(eq(messages.id, res.messageId));
    expect(row).toMatchObject({ body: "depois", isEdited: true, isDeleted: true });
    expect(published.filter((e) => e.event === "appMessage").map((e) => (e.data as { message: object }).message)).toEqual(
      expect.arrayContaining([expect.objectContaining({ body: "depois", isEdited: true }), expect.objectContaining({ isDeleted: true })]),
    );
  });
});
