import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as resendRoute } from "@/app/api/messages/[id]/resend/route";
import { getDb } from "@/db";
import { messages, tickets } from "@/db/schema";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { claimCampaignMessages, markCampaignSent } from "@/lib/campaigns/dispatch/outbox";
import { campaignReport } from "@/lib/campaigns/dispatch/report";
import { markSent } from "@/lib/messages/mark-outbox";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import type { Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { captureRealtime, makeTicket, published, twoCompanies, type Env } from "../helpers/ticket-env";
import { campaignRow, drainOutbox, makeList, numbers, outboxOf, ownCampaign, setSettings, shippingOf } from "./campaigns-dispatch-env";

// Issue 33 §7 "A refused message is a failed message": the provider's `failed` event (a NACK)
// fails an outbox row below delivered, and a campaign recipient; POST /api/messages/{id}/resend
// sends a failed message again as a new one.
let env: Env;
captureRealtime();

beforeAll(async () => {
  env = await twoCompanies();
});

const conn = (t: Tenant, id = t.whatsappId) => ({ id, companyId: t.companyId, provider: "sandbox" });
const refuse = (t: Tenant, wid: string, code = "463", whatsappId = t.whatsappId) =>
  handleProviderEvent(getDb(), conn(t, whatsappId), { type: "failed", wid, code });

let seq = 0;
/** An own message of an open ticket of A's admin, as the outbox leaves it once sent. */
async function sentMessage(t: Tenant, over: Partial<typeof messages.$inferInsert> = {}) {
  const ticket = await makeTicket(t, { status: "open", queueId: t.agentQueueId, userId: t.admin.id });
  const [row] = await getDb()
    .insert(messages)
    .values({
      companyId: t.companyId,
      ticketId: ticket.id,
      whatsappId: t.whatsappId,
      wid: `3EB0FAILED${++seq}${Date.now()}`,
      body: "Seu pedido saiu para entrega",
      fromMe: true,
      ack: 1,
      sendStatus: "sent",
      ...over,
    })
    .returning();
  return row;
}

const rowOf = async (id: number) => (await getDb().select().from(messages).where(eq(messages.id, id)))[0];
const resend = (token: string, id: number) => call(resendRoute, { method: "POST", url: `/api/messages/${id}/resend`, token, params: { id } });

describe("the provider's failed event", () => {
  it("marks a sent message failed with WhatsApp's code and publishes it on the conversation", async () => {
    const { a } = env;
    const m = await sentMessage(a);
    await refuse(a, m.wid);
    expect(await rowOf(m.id)).toMatchObject({ sendStatus: "failed", sendError: "463", ack: 1 });
    const updates = published.filter((e) => e.event === EVENTS.appMessage);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      channels: [channels.ticket(a.companyId, m.ticketId)],
      data: { action: "update", ticketId: m.ticketId, message: { id: m.id, sendStatus: "failed", sendError: "463" } },
    });
    // told twice: changed once
    await refuse(a, m.wid, "479");
    expect((await rowOf(m.id)).sendError).toBe("463");
    expect(published.filter((e) => e.event === EVENTS.appMessage)).toHaveLength(1);
  });

  it("changes nothing once the message was delivered, nor on another company's connection", async () => {
    const { a, b } = env;
    const delivered = await sentMessage(a, { ack: 2 });
    const read = await sentMessage(a, { ack: 3 });
    await refuse(a, delivered.wid);
    await refuse(a, read.wid);
    expect(await rowOf(delivered.id)).toMatchObject({ sendStatus: "sent", sendError: null, ack: 2 });
    expect(await rowOf(read.id)).toMatchObject({ sendStatus: "sent", sendError: null, ack: 3 });
    const m = await sentMessage(a);
    await refuse(b, m.wid, "463", b.whatsappId);
    await refuse(b, m.wid, "463", a.whatsappId);
    expect(await rowOf(m.id)).toMatchObject({ sendStatus: "sent", sendError: null });
    expect(published.filter((e) => e.event === EVENTS.appMessage)).toEqual([]);
  });

  it("fails a campaign recipient that was counted delivered, and updates the report", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const nums = numbers(2);
    const id = await ownCampaign(a, { contactListId: await makeList(a, nums) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    const sent = await drainOutbox(id);
    expect((await shippingOf(id)).map((s) => s.status)).toEqual(["delivered", "delivered"]);
    expect((await campaignRow(id)).status).toBe("FINALIZADA");
    published.length = 0;

    const refused = sent.find((s) => s.to === nums[0])!;
    await refuse(a, refused.wid, "463", (await campaignRow(id)).whatsappId!);
    const shipping = await shippingOf(id);
    expect(shipping.map((s) => s.status)).toEqual(["failed", "delivered"]);
    expect(shipping[0].delivered_at).toBeNull();
    const outbox = await outboxOf(id);
    expect(outbox.find((m) => m.wid === refused.wid)?.send_status).toBe("failed");
    expect(outbox.filter((m) => m.wid !== refused.wid).map((m) => m.send_status)).toEqual(["sent"]);
    const [{ error }] = (await getDb().execute(sql`select error from campaign_shipping where id = ${shipping[0].id}`)) as unknown as { error: string }[];
    expect(error).toBe("463");
    expect(await campaignReport(getDb(), a.companyId, id)).toMatchObject({ total: 2, delivered: 1, failed: 1 });
    // the report's live figures (progress events are throttled: this one may trail by 500 ms)
    const lastProgress = () => published.filter((e) => e.event === EVENTS.campaign).at(-1)?.data;
    await expect.poll(lastProgress, { timeout: 3_000 }).toMatchObject({ campaignId: id, report: { delivered: 1, failed: 1 } });
  });

  it("a refusal that arrives before the worker wrote `sent` is kept: the late markSent changes nothing", async () => {
    const { a } = env;
    const m = await sentMessage(a, { sendStatus: "sending", ack: 0 });
    await refuse(a, m.wid);
    expect(await markSent(getDb(), { id: m.id, companyId: a.companyId })).toBeNull();
    expect(await rowOf(m.id)).toMatchObject({ sendStatus: "failed", sendError: "463" });

    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await ownCampaign(a, { contactListId: await makeList(a, numbers(1)) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    const whatsappId = (await campaignRow(id)).whatsappId!;
    const [claimed] = await claimCampaignMessages(getDb(), whatsappId, 1);
    await refuse(a, claimed.message.wid, "463", whatsappId);
    await markCampaignSent(getDb(), { id: claimed.id, companyId: a.companyId });
    expect((await outboxOf(id)).map((r) => r.send_status)).toEqual(["failed"]);
    expect((await shippingOf(id)).map((r) => r.status)).toEqual(["failed"]);
  });

  it("a recipient refused before its other parts went gets nothing more", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const nums = numbers(1);
    const id = await ownCampaign(a, { contactListId: await makeList(a, nums), mediaPath: `${a.companyId}/x/promo.png`, mediaName: "promo.png" });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    const [text] = await drainOutbox(id, 1);
    await refuse(a, text.wid, "463", (await campaignRow(id)).whatsappId!);
    expect((await shippingOf(id)).map((s) => s.status)).toEqual(["failed"]);
    expect((await outboxOf(id)).map((m) => m.send_status)).toEqual(["failed", "cancelled"]);
    expect(await drainOutbox(id)).toEqual([]);
    expect((await campaignRow(id)).status).toBe("FINALIZADA");
  });
});

describe("POST /api/messages/{id}/resend", () => {
  it("writes a new outbox row with a new wid and the same text and quote; the old one stays failed", async () => {
    const { a, adminA } = env;
    const quoted = await sentMessage(a, { fromMe: false, sendStatus: null, body: "Cadê meu pedido?" });
    const m = await sentMessage(a, { quotedMsgId: quoted.id });
    await getDb().update(messages).set({ ticketId: quoted.ticketId }).where(eq(messages.id, m.id));
    await refuse(a, m.wid);
    published.length = 0;

    const res = await resend(adminA, m.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ticketId: quoted.ticketId,
      body: "Seu pedido saiu para entrega",
      fromMe: true,
      ack: 0,
      sendStatus: "pending",
      sendError: null,
      quotedMsg: { id: quoted.id, body: "Cadê meu pedido?" },
    });
    expect(res.body.id).not.toBe(m.id);
    expect(res.body.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(res.body.wid).not.toBe(m.wid);
    const fresh = await rowOf(res.body.id);
    expect(fresh).toMatchObject({ whatsappId: a.whatsappId, sendStatus: "pending", quotedMsgId: quoted.id });
    expect(await rowOf(m.id)).toMatchObject({ sendStatus: "failed", sendError: "463", wid: m.wid });
    // the conversation and the list see the new message
    const created = published.find((e) => e.event === EVENTS.appMessage && (e.data as { action: string }).action === "create");
    expect(created?.channels).toContain(channels.ticket(a.companyId, quoted.ticketId));
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, quoted.ticketId));
    expect(ticket.lastMessage).toBe("Seu pedido saiu para entrega");
    // the old bubble learns it was resent, and a second click (or another agent) resends nothing
    const update = published.find((e) => e.event === EVENTS.appMessage && (e.data as { action: string }).action === "update");
    expect(update?.data).toMatchObject({ message: { id: m.id, resentAs: res.body.id } });
    const again = await resend(adminA, m.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "ERR_MESSAGE_ALREADY_RESENT" });
    const copies = await getDb().select().from(messages).where(and(eq(messages.ticketId, quoted.ticketId), eq(messages.body, "Seu pedido saiu para entrega")));
    expect(copies).toHaveLength(2);
  });

  it("copies the file of a failed media message", async () => {
    const { a, adminA } = env;
    const media = { mimetype: "audio/ogg; codecs=opus", filename: "voz.ogg", ptt: true };
    const m = await sentMessage(a, { body: "", mediaType: "audio", mediaUrl: `${a.companyId}/2026-01/voz.ogg`, dataJson: { media }, sendStatus: "failed", sendError: "479" });
    const res = await resend(adminA, m.id);
    expect(res.status).toBe(200);
    expect(await rowOf(res.body.id)).toMatchObject({ mediaType: "audio", mediaUrl: `${a.companyId}/2026-01/voz.ogg`, dataJson: { media } });
  });

  it("refuses a message that did not fail (409), another company's (404) and a ticket the caller may not write in (403)", async () => {
    const { a, b, adminA, agentA, adminB } = env;
    const sent = await sentMessage(a);
    expect(await resend(adminA, sent.id)).toMatchObject({ status: 409, body: { error: "ERR_MESSAGE_NOT_FAILED" } });
    const theirs = await sentMessage(a, { fromMe: false, sendStatus: null });
    expect(await resend(adminA, theirs.id)).toMatchObject({ status: 409, body: { error: "ERR_MESSAGE_NOT_FAILED" } });
    const deleted = await sentMessage(a, { sendStatus: "failed", sendError: "463", isDeleted: true });
    expect(await resend(adminA, deleted.id)).toMatchObject({ status: 409, body: { error: "ERR_MESSAGE_NOT_FAILED" } });

    const failed = await sentMessage(a, { sendStatus: "failed", sendError: "463" });
    expect(await resend(adminB, failed.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_MESSAGE_FOUND" } });
    // the admin's ticket: the agent may not write in it
    expect(await resend(agentA, failed.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const count = async () => (await getDb().select().from(messages).where(and(eq(messages.companyId, a.companyId), eq(messages.ticketId, failed.ticketId)))).length;
    expect(await count()).toBe(1);
    // nothing of B's is resent by A either
    const bFailed = await sentMessage(b, { sendStatus: "failed", sendError: "463" });
    expect(await resend(adminA, bFailed.id)).toMatchObject({ status: 404 });
  });
});
