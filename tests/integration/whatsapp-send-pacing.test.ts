// The send pacer of a real number (issue 33 §6) on real Postgres: what nobody asked for (schedules,
// API sends to a number silent for 24 h, campaigns) waits for the gap and the hour/day caps, replies
// never do, a 463 refusal pauses it, and the API, the connection and the campaign report say so.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { campaignOutbox, claimCampaignMessages } from "@/lib/campaigns/dispatch/outbox";
import { campaignReport } from "@/lib/campaigns/dispatch/report";
import { loadConnections } from "@/lib/connections/load-connections";
import { recordSend } from "@/lib/external-api/record-send";
import { sendExternalMessage } from "@/lib/external-api/send-message";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import type { OutboundMessage, WhatsAppConnection } from "@/lib/whatsapp/types";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { createSendPacer } from "@/lib/whatsapp/worker/send-pacer";
import { createWhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createTenant, type Tenant } from "../helpers/factories";
import { ctxOf, makeCampaign, makeList, numbers, setSettings } from "./campaigns-dispatch-env";

let t: Tenant;
let seq = 0;

beforeAll(async () => {
  t = await createTenant({ chatbot: false });
});
afterAll(() => vi.useRealTimers());

/** A real-number connection of its own, CONNECTED, with the given limits. */
async function realNumber(limits: { gap?: number; hour?: number; day?: number } = {}) {
  const [w] = await getDb()
    .insert(whatsapps)
    .values({
      companyId: t.companyId,
      name: `Número real ${++seq}`,
      provider: "beta",
      status: "CONNECTED",
      token: `pace-${seq}-${Date.now()}`,
      sendMinGapSeconds: limits.gap ?? 10,
      sendHourCap: limits.hour ?? 40,
      sendDayCap: limits.day ?? 200,
    })
    .returning({ id: whatsapps.id });
  return w.id;
}

const api = (whatsappId: number, number: string, body = "Oferta") =>
  getDb().transaction((tx) => recordSend(tx, { companyId: t.companyId, whatsappId, number }, body, []));

/** The customer writes on the connection: a chat with a message under 24 h old. */
async function customerWrites(whatsappId: number, number: string) {
  const r = await ingestInbound(getDb(), {
    companyId: t.companyId,
    whatsappId,
    message: { wid: `IN-${number}-${++seq}`, chatId: number, isGroup: false, from: { number }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  return r.ticketId;
}

const bodies = (claimed: { message: OutboundMessage }[]) => claimed.map((c) => c.message.body);

describe("the outbox claim holds unsolicited sends beyond the pacer's room", () => {
  it("an API send to a silent number waits with room 0; a reply, an agent's message and an API send to a chat that wrote today go", async () => {
    const w = await realNumber();
    const [silent, talking] = numbers(2);
    await api(w, silent, "para quem não escreveu");
    const ticketId = await customerWrites(w, talking);
    await api(w, talking, "resposta pela API");
    await queueOutbound(getDb(), ctxOf(t), ticketId, { body: "resposta do atendente" });
    const claimed = await claimOutbox(getDb(), w, 20, 0);
    expect(bodies(claimed)).toEqual(["resposta pela API", "resposta do atendente"]);
    expect(claimed.every((c) => !c.unsolicited)).toBe(true);
    // the sandbox's way (no pacer): everything, as before
    const next = await claimOutbox(getDb(), w, 20, 1);
    expect(bodies(next)).toEqual(["para quem não escreveu"]);
    expect(next[0].unsolicited).toBe(true);
  });

  it("room 1 lets the oldest ticket's send go; another ticket's waits, and so do the later rows of a held ticket", async () => {
    const w = await realNumber();
    const [a, b] = numbers(2);
    await api(w, a, "primeiro");
    const second = await api(w, b, "segundo");
    // an agent writes in the held ticket after the API send: it keeps its place behind it
    await getDb().execute(sql`update tickets set status = 'open', user_id = ${t.admin.id} where id = ${second.ticketId}`);
    await queueOutbound(getDb(), ctxOf(t), second.ticketId, { body: "depois do segundo" });
    expect(bodies(await claimOutbox(getDb(), w, 20, 1))).toEqual(["primeiro"]);
    expect(bodies(await claimOutbox(getDb(), w, 20, 0))).toEqual([]);
    expect(bodies(await claimOutbox(getDb(), w, 20, 1))).toEqual(["segundo", "depois do segundo"]);
  });

  it("a schedule's message is paced like an API send; without a pacer (null) nothing is held", async () => {
    const w = await realNumber();
    const [n] = numbers(1);
    const { ticketId } = await api(w, n, "api");
    await getDb().execute(sql`update messages set send_status = 'sent' where ticket_id = ${ticketId}`);
    await getDb().execute(sql`update tickets set status = 'open', user_id = ${t.admin.id} where id = ${ticketId}`);
    await queueOutbound(getDb(), ctxOf(t), ticketId, { body: "agendada", senderKind: "schedule" });
    expect(bodies(await claimOutbox(getDb(), w, 20, 0))).toEqual([]);
    expect(bodies(await claimOutbox(getDb(), w, 20, null))).toEqual(["agendada"]);
  });
});

describe("the campaign claim starts at most `room` recipients", () => {
  it("room 0 starts nobody, room 2 starts two; a confirmed recipient's message is a reply and never waits", async () => {
    const w = await realNumber();
    await setSettings(t, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await makeCampaign(t, { whatsappId: w, contactListId: await makeList(t, numbers(4)), confirmation: true, confirmationMessage1: "Confirma?" });
    await startDueCampaigns(getDb(), new Date(Date.now() + 1000), { campaignId: id });
    await dispatchDue(getDb(), new Date(Date.now() + 3_600_000), { campaignId: id });
    expect(await claimCampaignMessages(getDb(), w, 20, 0)).toEqual([]);
    const two = await claimCampaignMessages(getDb(), w, 20, 2);
    expect(two).toHaveLength(2);
    expect(two.every((c) => c.unsolicited)).toBe(true);
    // the first says "sim": its message is written after the confirmation row and goes with room 0
    await campaignOutbox(getDb).markSent({ id: two[0].id, companyId: t.companyId });
    const [s] = (await getDb().execute(sql`select id from campaign_shipping where campaign_id = ${id} and status = 'confirming' limit 1`)) as unknown as { id: number }[];
    await getDb().execute(sql`
      insert into campaign_messages (company_id, campaign_id, shipping_id, whatsapp_id, kind, position, wid, number, body)
      select company_id, campaign_id, id, ${w}, 'message', 0, 'CONFIRMED-' || id, number, 'A oferta' from campaign_shipping where id = ${s.id}
    `);
    const after = await claimCampaignMessages(getDb(), w, 20, 0);
    expect(after.map((c) => c.message.body)).toEqual(["A oferta"]);
    expect(after[0].unsolicited).toBeUndefined();
  });
});

describe("a campaign message the socket could not take", () => {
  it("goes back to pending with its try given back (nothing left)", async () => {
    const w = await realNumber();
    await setSettings(t, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await makeCampaign(t, { whatsappId: w, contactListId: await makeList(t, numbers(1)) });
    await startDueCampaigns(getDb(), new Date(Date.now() + 1000), { campaignId: id });
    await dispatchDue(getDb(), new Date(Date.now() + 3_600_000), { campaignId: id });
    for (let drop = 0; drop < 7; drop++) {
      const [row] = await claimCampaignMessages(getDb(), w, 20, 1);
      await campaignOutbox(getDb).markFailed({ id: row.id, companyId: t.companyId, error: "ERR_WAPP_NOT_INITIALIZED", retry: true });
    }
    const [m] = (await getDb().execute(sql`select send_status, send_attempts from campaign_messages where campaign_id = ${id}`)) as unknown as { send_status: string; send_attempts: number }[];
    expect(m).toEqual({ send_status: "pending", send_attempts: 0 });
  });
});

describe("the pacer", () => {
  it("spaces unsolicited sends by the connection's gap, with jitter never below it", async () => {
    const w = await realNumber({ gap: 30 });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const pacer = createSendPacer(getDb, { id: w, companyId: t.companyId }, () => 0.5);
      expect(await pacer.room()).toBe(1);
      await pacer.spent();
      expect(await pacer.room()).toBe(0);
      vi.setSystemTime(Date.now() + 30_000); // the gap, but not its jitter (0.5 x 30% = 4.5 s more)
      expect(await pacer.room()).toBe(0);
      vi.setSystemTime(Date.now() + 4_600);
      expect(await pacer.room()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a worker that takes the connection over waits the gap from the last send it finds in the database", async () => {
    const w = await realNumber({ gap: 600 });
    await getDb().execute(sql`insert into whatsapp_sends (company_id, whatsapp_id, sent_at) values (${t.companyId}, ${w}, now() - interval '1 minute')`);
    expect(await createSendPacer(getDb, { id: w, companyId: t.companyId }).room()).toBe(0);
  });

  it("over the hour cap nothing unsolicited goes; the pause and its end are written and published, and cleared when sends may go again", async () => {
    const w = await realNumber({ gap: 0, hour: 2 });
    await getDb().execute(sql`
      insert into whatsapp_sends (company_id, whatsapp_id, sent_at)
      values (${t.companyId}, ${w}, now() - interval '50 minutes'), (${t.companyId}, ${w}, now() - interval '10 minutes')
    `);
    const pacer = createSendPacer(getDb, { id: w, companyId: t.companyId });
    expect(await pacer.room()).toBe(0);
    const [row] = await loadConnections(getDb(), t.companyId, [w]);
    expect(row.sendPauseReason).toBe("hourCap");
    // the older of the two leaves the hour's window in 10 minutes
    expect(Math.abs(row.sendPausedUntil!.getTime() - (Date.now() + 10 * 60_000))).toBeLessThan(5_000);
    await getDb().execute(sql`update whatsapps set send_hour_cap = 3 where id = ${w}`);
    expect(await createSendPacer(getDb, { id: w, companyId: t.companyId }).room()).toBe(1);
    const [after] = await loadConnections(getDb(), t.companyId, [w]);
    expect(after.sendPauseReason).toBeNull();
  });
});

/** A worker running `beta` connections on a phone that records what it sent. */
function worker(sent: OutboundMessage[], onSend?: (m: OutboundMessage) => void) {
  return createWhatsAppWorker({
    db: getDb,
    workerId: `pace-${++seq}`,
    providers: ["beta"],
    log: () => {},
    tickMs: 60_000,
    createConnection: (_p, c): WhatsAppConnection => ({
      start: async () => void (await c.emit({ type: "status", status: "CONNECTED" })),
      stop: async () => {},
      logout: async () => {},
      checkNumber: async (n) => n,
      send: async (m) => {
        sent.push(m);
        onSend?.(m);
        return { wid: m.wid };
      },
      markRead: async () => {},
      edit: async () => {},
      deleteForEveryone: async () => {},
    }),
    onEvent: (ref, e) => handleProviderEvent(getDb(), ref, e),
    outbox: {
      claim: (id, limit, room) => claimOutbox(getDb(), id, limit, room),
      markSent: async (r) => void (await markSent(getDb(), r)),
      markFailed: async (r) => void (await markFailed(getDb(), r)),
    },
    campaignOutbox: campaignOutbox(getDb),
  });
}

describe("the worker on a real number", () => {
  it("sends replies at once and unsolicited sends up to the day's cap; the campaign report and the API say it is paused", async () => {
    // other tests' connections are left alone: only this one is ready to be started
    await getDb().execute(sql`update whatsapps set status = 'DISCONNECTED', session_request = null where company_id = ${t.companyId} and provider = 'beta'`);
    const w = await realNumber({ gap: 0, day: 2 });
    await getDb().execute(sql`update whatsapps set session_request = 'start', session_requested_at = now() where id = ${w}`);
    const [talking, ...silent] = numbers(4);
    for (const n of silent) await api(w, n, `oferta ${n}`);
    const ticketId = await customerWrites(w, talking);
    await getDb().execute(sql`update tickets set status = 'open', user_id = ${t.admin.id} where id = ${ticketId}`);
    await queueOutbound(getDb(), ctxOf(t), ticketId, { body: "resposta" });
    const sent: OutboundMessage[] = [];
    const wk = worker(sent);
    await wk.start();
    try {
      await expect.poll(() => sent.length).toBe(3);
      await wk.tick();
      expect(sent.map((m) => m.body).sort()).toEqual(["oferta " + silent[0], "oferta " + silent[1], "resposta"].sort());
      const [row] = await loadConnections(getDb(), t.companyId, [w]);
      expect(row.sendPauseReason).toBe("dayCap");
      // a campaign on it says why it waits, and the API answers `queued` for a silent number
      const c = await makeCampaign(t, { whatsappId: w, contactListId: await makeList(t, numbers(1)) });
      await startDueCampaigns(getDb(), new Date(Date.now() + 1000), { campaignId: c });
      expect((await campaignReport(getDb(), t.companyId, c)).pause).toMatchObject({ reason: "dayCap" });
      const conn = { companyId: t.companyId, whatsappId: w, token: "" };
      const queued = await sendExternalMessage(getDb(), conn as never, { number: numbers(1)[0], body: "mais uma", files: [] }, null);
      expect(queued.body).toMatchObject({ status: "queued" });
      const reply = await sendExternalMessage(getDb(), conn as never, { number: talking, body: "outra resposta", files: [] }, null);
      expect(reply.body).toMatchObject({ status: "sent" });
      await wk.tick();
      await expect.poll(() => sent.map((m) => m.body)).toContain("outra resposta");
      expect(sent.map((m) => m.body)).not.toContain("mais uma");
    } finally {
      await wk.stop();
    }
  });

  it("a 463 refusal pauses unsolicited sends for a day; the connection says it is restricted", async () => {
    const w = await realNumber({ gap: 0 });
    const ref = { id: w, companyId: t.companyId, provider: "beta" };
    await handleProviderEvent(getDb(), ref, { type: "failed", wid: "UNKNOWN-WID", code: "463" });
    const [row] = await loadConnections(getDb(), t.companyId, [w]);
    expect(row.sendPauseReason).toBe("restricted");
    expect(row.sendPausedUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await createSendPacer(getDb, { id: w, companyId: t.companyId }).room()).toBe(0);
    // another refusal code pauses nothing
    const other = await realNumber({ gap: 0 });
    await handleProviderEvent(getDb(), { ...ref, id: other }, { type: "failed", wid: "UNKNOWN-WID", code: "479" });
    expect((await loadConnections(getDb(), t.companyId, [other]))[0].sendPauseReason).toBeNull();
  });
});
