import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute } from "@/app/api/messages/[id]/route";
import { getDb } from "@/db";
import { messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { applyDelete, applyEdit } from "@/lib/messages/apply-provider-update";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import { channels } from "@/lib/realtime/channels";
import { call } from "../helpers/http";
import { captureRealtime, published, twoCompanies, type Env } from "../helpers/ticket-env";

// Issue 12: the ticket's preview (lastMessage, in every list and the bell) is its newest visible
// message. A deleted one, by the agent (DELETE /api/messages/{id}) or on WhatsApp (a revoke),
// gives way to the newest message left, or to nothing; the lists get the ticket's update.
let env: Env;
let seq = 0;
captureRealtime();
beforeAll(async () => void (env = await twoCompanies()));

const agentCtx = (): TenantContext => ({ companyId: env.a.companyId, userId: env.a.agent.id, profile: "user", queueIds: [env.a.agentQueueId], super: false, sessionId: "s" });

/** A customer's message on a new (or the same) number: its ticket and wid. */
async function customerSays(body: string, number = `5571${String(900000000 + ++seq)}`) {
  const wid = `3A${randomBytes(8).toString("hex").toUpperCase()}`;
  const message = { wid, chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body, mediaType: null, timestamp: new Date() };
  const { ticketId, messageId } = await ingestInbound(getDb(), { companyId: env.a.companyId, whatsappId: env.a.whatsappId, message });
  return { ticketId, messageId, wid, number };
}

const lastMessageOf = async (id: number) => (await getDb().select().from(tickets).where(eq(tickets.id, id)))[0].lastMessage;
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/messages/${id}`, token, params: { id } });
const listUpdates = (ticketId: number) =>
  published.filter(
    (e) =>
      e.event === "ticket" &&
      e.channels.includes(channels.allTickets(env.a.companyId, "open")) &&
      (e.data as { action: string; ticket?: { id: number } }).action === "update" &&
      (e.data as { ticket: { id: number } }).ticket.id === ticketId,
  );

describe("the ticket's preview after a delete", () => {
  it("an agent deleting their last message brings back the newest one left, and the lists hear it", async () => {
    const { ticketId } = await customerSays("Quanto custa?");
    await getDb().update(tickets).set({ status: "open", userId: env.a.agent.id, queueId: env.a.agentQueueId }).where(eq(tickets.id, ticketId));
    const [first] = await queueOutbound(getDb(), agentCtx(), ticketId, { body: "Custa 10" });
    const [wrong] = await queueOutbound(getDb(), agentCtx(), ticketId, { body: "mensagem errada" });
    expect(await lastMessageOf(ticketId)).toBe("mensagem errada");
    published.length = 0;
    expect((await remove(env.agentA, wrong.id)).status).toBe(200);
    expect(await lastMessageOf(ticketId)).toBe("Custa 10");
    expect(listUpdates(ticketId).map((e) => (e.data as { ticket: { lastMessage: string } }).ticket.lastMessage)).toEqual(["Custa 10"]);
    // deleting an older message leaves the preview as it is, and says nothing to the lists
    published.length = 0;
    await getDb().update(messages).set({ sendStatus: "sent" }).where(eq(messages.id, first.id));
    const [newest] = await queueOutbound(getDb(), agentCtx(), ticketId, { body: "Mais algo?" });
    published.length = 0;
    expect((await remove(env.agentA, first.id)).status).toBe(200);
    expect(await lastMessageOf(ticketId)).toBe(newest.body);
    expect(listUpdates(ticketId)).toEqual([]);
  });

  it("a message revoked on WhatsApp gives way to the previous one, or to nothing", async () => {
    const first = await customerSays("Olá");
    const second = await customerSays("Meu CPF é 123", first.number);
    expect(second.ticketId).toBe(first.ticketId);
    const ref = { companyId: env.a.companyId, whatsappId: env.a.whatsappId };
    published.length = 0;
    await applyDelete(getDb(), { ...ref, wid: second.wid });
    expect(await lastMessageOf(first.ticketId)).toBe("Olá");
    expect(published.some((e) => e.event === "ticket" && (e.data as { ticket?: { lastMessage?: string } }).ticket?.lastMessage === "Olá")).toBe(true);
    await applyDelete(getDb(), { ...ref, wid: first.wid });
    expect(await lastMessageOf(first.ticketId)).toBe("");
  });

  it("an edit of the newest message shows in the preview; of an older one, not", async () => {
    const first = await customerSays("Bom dia");
    const second = await customerSays("Quero cancelar", first.number);
    const ref = { companyId: env.a.companyId, whatsappId: env.a.whatsappId };
    await applyEdit(getDb(), { ...ref, wid: second.wid, body: "Quero comprar" });
    expect(await lastMessageOf(first.ticketId)).toBe("Quero comprar");
    await applyEdit(getDb(), { ...ref, wid: first.wid, body: "Boa tarde" });
    expect(await lastMessageOf(first.ticketId)).toBe("Quero comprar");
  });
});
