import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contacts, messages, settings, tickets } from "@/db/schema";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { saveMedia } from "@/lib/storage";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { createTenant, type Tenant } from "../helpers/factories";

// Postgres refuses NUL (U+0000) in text and jsonb: what WhatsApp delivers with one is stored without
// it, through the worker's event sink (the path both providers' events take), never lost.
let t: Tenant;
let conn: { id: number; companyId: number; provider: string };
let seq = 0;

beforeAll(async () => {
  process.env.STORAGE_DIR = await fs.mkdtemp(path.join(os.tmpdir(), "bad-input-inbound-"));
  setRealtimeSink(() => {});
  t = await createTenant({ chatbot: false });
  conn = { id: t.whatsappId, companyId: t.companyId, provider: "sandbox" };
  // group messages are stored in this company (CheckMsgIsGroup disabled)
  await getDb().delete(settings).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "CheckMsgIsGroup")));
  await getDb().insert(settings).values({ companyId: t.companyId, key: "CheckMsgIsGroup", value: "disabled" });
});
afterAll(() => setRealtimeSink(null));

const number = () => `5531977${String(++seq).padStart(6, "0")}`;
const wid = () => `3A${randomBytes(8).toString("hex").toUpperCase()}`;

function inbound(extra: Partial<InboundMessage>): InboundMessage {
  const n = number();
  return { wid: wid(), chatId: n, isGroup: false, from: { number: n, name: "Maria" }, fromMe: false, body: "Olá", mediaType: null, timestamp: new Date(), ...extra };
}

const send = (message: InboundMessage) => handleProviderEvent(getDb(), conn, { type: "message", message });
const messageOf = async (w: string) => (await getDb().select().from(messages).where(eq(messages.wid, w)))[0];
const contactOf = async (n: string) =>
  (await getDb().select().from(contacts).where(and(eq(contacts.companyId, t.companyId), eq(contacts.number, n))))[0];

describe("inbound WhatsApp data holding NUL", () => {
  it("stores a text, the contact's name and the raw message without it", async () => {
    const n = number();
    const m = inbound({
      chatId: n,
      from: { number: n, name: "Ma\u0000ria" },
      body: "Bom\u0000 dia",
      raw: { key: { id: "x" }, "weird\u0000key": "v\u0000", nested: ["a\u0000"] },
    });
    await send(m);
    const row = await messageOf(m.wid);
    expect(row).toMatchObject({ body: "Bom dia", fromMe: false });
    expect(row.dataJson).toEqual({ key: { id: "x" }, weirdkey: "v", nested: ["a"] });
    expect((await contactOf(n)).name).toBe("Maria");
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, row.ticketId));
    expect(ticket.lastMessage).toBe("Bom dia");
  });

  it("stores a group's name, its sender's name and a media file's name without it", async () => {
    const group = `1203630${String(++seq).padStart(8, "0")}`;
    const sender = number();
    const stored = await saveMedia(t.companyId, new TextEncoder().encode("%PDF-1.4"), { filename: "doc.pdf", mimetype: "application/pdf" });
    const m = inbound({
      chatId: group,
      isGroup: true,
      groupName: "Gru\u0000po",
      from: { number: sender, name: "Jo\u0000ão" },
      body: "",
      mediaType: "application",
      media: { ...stored, filename: "rela\u0000torio.pdf" },
    });
    await send(m);
    const row = await messageOf(m.wid);
    expect(row).toMatchObject({ mediaType: "application", mediaUrl: stored.path });
    expect((await contactOf(group)).name).toBe("Grupo");
    expect((await contactOf(sender)).name).toBe("João");
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, row.ticketId));
    expect(ticket.lastMessage).not.toContain("\u0000");
    expect(ticket.lastMessage).toContain("relatorio.pdf");
  });

  it("finds the quoted message of a reply whose quoted id carries it, and applies edits and contact updates without it", async () => {
    const n = number();
    const first = inbound({ chatId: n, from: { number: n, name: "Ana" }, body: "primeira" });
    await send(first);
    const reply = inbound({ chatId: n, from: { number: n, name: "Ana" }, body: "resposta", quotedWid: `${first.wid}\u0000` });
    await send(reply);
    expect((await messageOf(reply.wid)).quotedMsgId).toBe((await messageOf(first.wid)).id);

    await handleProviderEvent(getDb(), conn, { type: "edit", wid: first.wid, body: "edi\u0000tada" });
    expect(await messageOf(first.wid)).toMatchObject({ body: "editada", isEdited: true });

    const unnamed = number();
    await send(inbound({ chatId: unnamed, from: { number: unnamed, name: "" }, body: "oi" }));
    await handleProviderEvent(getDb(), conn, { type: "contact", number: unnamed, name: "Car\u0000los" });
    expect((await contactOf(unnamed)).name).toBe("Carlos");
  });
});
