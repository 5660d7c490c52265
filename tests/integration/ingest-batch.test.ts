import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, rawClient } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { metrics } from "@/lib/observability/metrics";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, type Tenant } from "../helpers/factories";
import { allowBody, REFUSED_BODY, refuseBody } from "../helpers/refuse-body";

// issue 19 part 1: inbound messages arriving together share one ingest statement
// (db/batched-statement.ts, lib/messages/ingest-batch.ts). Each caller still gets its own message's
// row; a message that fails fails alone; statements overlapping on the same tickets lose nothing.
// (The order they take their locks in, which keeps them from deadlocking, is in tests/unit/ingest-batch.test.ts.)
let t: Tenant;
let sent: string[] | null = null;
let seq = 0;

beforeAll(async () => {
  t = await createTenant({ chatbot: false });
  const options = rawClient(getDb()).options as unknown as { debug: unknown };
  options.debug = (_conn: number, text: string) => sent?.push(text);
});
afterEach(() => {
  sent = null;
});
afterAll(allowBody);

const newNumber = () => `55118${String(Date.now() % 1e6).padStart(6, "0")}${String(++seq).padStart(3, "0")}`;
const inbound = (number: string, body = `mensagem ${seq}`): InboundMessage => ({
  wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`,
  chatId: number,
  isGroup: false,
  from: { number, name: `Cliente ${number.slice(-4)}` },
  fromMe: false,
  body,
  mediaType: null,
  timestamp: new Date(),
});
const ingest = (m: InboundMessage) => ingestInbound(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, message: m });
const shuffle = <T>(xs: T[]) => xs.map((x) => [Math.random(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
const fallbacks = async () => (await metrics().batchFallbacks.get()).values.find((v) => v.labels.statement === "ingest")?.value ?? 0;

async function existingContacts(n: number) {
  const numbers = Array.from({ length: n }, newNumber);
  const tickets: number[] = [];
  for (const number of numbers) tickets.push((await ingest(inbound(number))).ticketId);
  return numbers.map((number, i) => ({ number, ticketId: tickets[i] }));
}

describe("inbound messages arriving together", () => {
  it("share statements, and each caller gets its own message and its contact's ticket", async () => {
    const old = await existingContacts(5);
    const batch = shuffle([...old.flatMap((c) => [inbound(c.number), inbound(c.number)]), ...Array.from({ length: 20 }, () => inbound(newNumber()))]);
    const failedBefore = await fallbacks();
    sent = [];
    const results = await Promise.all(batch.map(ingest));
    expect(await fallbacks()).toBe(failedBefore);
    const statements = sent.filter((text) => text.includes("ingest_message("));
    sent = null;
    // two went alone at once, the rest together in a few statements
    expect(statements.some((text) => text.includes("jsonb_to_recordset"))).toBe(true);
    expect(statements.length).toBeLessThan(batch.length / 2);

    const stored = await getDb()
      .select({ id: messages.id, wid: messages.wid, body: messages.body, ticketId: messages.ticketId, number: contacts.number })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(inArray(messages.id, results.map((r) => r.messageId)));
    const byId = new Map(stored.map((r) => [r.id, r]));
    batch.forEach((m, i) => {
      const row = byId.get(results[i].messageId);
      expect(row).toMatchObject({ wid: m.wid, body: m.body, ticketId: results[i].ticketId, number: m.chatId });
      expect(results[i].duplicate).toBe(false);
    });
    // the known contacts' messages went to their open tickets, counted once each
    for (const c of old) {
      expect(results.filter((r, i) => batch[i].chatId === c.number).every((r) => r.ticketId === c.ticketId && !r.ticketCreated)).toBe(true);
      const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, c.ticketId));
      expect(ticket.unreadMessages).toBe(3);
    }
    expect(results.filter((r) => r.ticketCreated)).toHaveLength(20);
  });

  it("a message that fails fails alone: the others of its statement are stored", async () => {
    await refuseBody();
    const before = await fallbacks();
    // the last one waits for the first two: it goes in a statement with others
    const batch = [...Array.from({ length: 11 }, () => inbound(newNumber())), inbound(newNumber(), REFUSED_BODY)];
    const settled = await Promise.allSettled(batch.map(ingest));
    expect(settled.slice(0, 11).every((s) => s.status === "fulfilled")).toBe(true);
    expect(settled[11]).toMatchObject({ status: "rejected", reason: { message: "refused by the test" } });
    expect(await fallbacks()).toBe(before + 1);
    const rows = await getDb().select({ wid: messages.wid }).from(messages).where(inArray(messages.wid, batch.map((m) => m.wid)));
    expect(rows.map((r) => r.wid).sort()).toEqual(batch.slice(0, 11).map((m) => m.wid).sort());
    // nothing of the refused message is left: its contact and ticket went with it
    expect(await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, batch[11].chatId)))).toEqual([]);
    await allowBody();
  });

  it("statements overlapping on the same tickets lose nothing, and none fails", async () => {
    const old = await existingContacts(6);
    const before = await fallbacks();
    const batch = shuffle(old.flatMap((c) => Array.from({ length: 15 }, () => inbound(c.number))));
    const results = await Promise.all(batch.map(ingest));
    // a failed statement (a deadlock) would have sent its messages one by one
    expect(await fallbacks()).toBe(before);
    expect(results.every((r) => !r.duplicate && !r.ticketCreated)).toBe(true);
    for (const c of old) {
      const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, c.ticketId));
      expect(ticket.unreadMessages).toBe(16);
    }
    const rows = await getDb().select({ wid: messages.wid }).from(messages).where(inArray(messages.wid, batch.map((m) => m.wid)));
    expect(rows).toHaveLength(90);
  });
});
