// issue 33 §3: a retry WhatsApp asks for is answered with the message as sent, whichever outbox
// (messages or campaign_messages) it was sent from, and only on the connection that sent it.
import { proto, type WAMessageKey } from "@whiskeysockets/baileys";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { campaignMessages, campaignShipping, campaigns, messages, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import { createBaileysConnection, type BaileysConnection } from "@/lib/whatsapp/providers/baileys/connection";
import { postgresSentMessages } from "@/lib/whatsapp/providers/baileys/sent-messages";
import { createFakeWhatsApp, memoryAuthStore, type FakeWhatsApp } from "../helpers/fake-baileys-socket";
import { createTenant, suffix, type Tenant } from "../helpers/factories";

const CUSTOMER = "5511977776666";
const jid = `${CUSTOMER}@s.whatsapp.net`;
const keyOf = (id: string): WAMessageKey => ({ remoteJid: jid, fromMe: true, id });
const plain = (m: proto.IMessage | undefined) => (m ? proto.Message.toObject(proto.Message.fromObject(m), { bytes: String }) : m);

type Beta = { companyId: number; whatsappId: number; world: FakeWhatsApp; conn: BaileysConnection };
const opened: Beta[] = [];

/** A `beta` connection of the tenant on a fake socket, its sent messages in this test's Postgres. */
async function openBeta(t: Tenant): Promise<Beta> {
  const [row] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.companyId, name: `Beta ${suffix()}`, provider: "beta", status: "CONNECTED" })
    .returning({ id: whatsapps.id });
  const world = createFakeWhatsApp();
  world.registered.set(CUSTOMER, CUSTOMER);
  const ids = { companyId: t.companyId, whatsappId: row.id };
  const conn = createBaileysConnection({ ...ids, emit: () => {} }, { makeSocket: world.makeSocket, authStore: memoryAuthStore(), db: getDb() });
  await conn.start();
  world.latest().open();
  await conn.settled();
  const beta = { ...ids, world, conn };
  opened.push(beta);
  return beta;
}

const getMessage = (b: Beta, id: string) => b.world.latest().config.getMessage!(keyOf(id));

/** An agent's outbox row on the connection (a ticket of its own, from an inbound message). */
async function outboxRow(t: Tenant, b: Beta, body: string) {
  const ctx: TenantContext = { companyId: t.companyId, userId: t.admin.id, profile: "admin", queueIds: t.queueIds, super: false, sessionId: "t" };
  const { ticketId } = await ingestInbound(getDb(), {
    companyId: t.companyId,
    whatsappId: b.whatsappId,
    message: { wid: `IN-${suffix()}`, chatId: CUSTOMER, isGroup: false, from: { number: CUSTOMER, name: "Ana" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  await queueOutbound(getDb(), ctx, ticketId, { body });
  const [claimed] = await claimOutbox(getDb(), b.whatsappId);
  return claimed;
}

/** A campaign's outbox row on the connection, as the dispatcher writes it. */
async function campaignRow(t: Tenant, b: Beta, body: string) {
  const db = getDb();
  const [c] = await db.insert(campaigns).values({ companyId: t.companyId, name: "Promo", message1: body, status: "EM_ANDAMENTO", whatsappId: b.whatsappId }).returning();
  const [s] = await db.insert(campaignShipping).values({ companyId: t.companyId, campaignId: c.id, number: CUSTOMER, message: body, status: "queued" }).returning();
  const wid = `3EB0${suffix().toUpperCase()}`;
  await db.insert(campaignMessages).values({ companyId: t.companyId, campaignId: c.id, shippingId: s.id, whatsappId: b.whatsappId, kind: "message", wid, number: CUSTOMER, body });
  return { wid, to: CUSTOMER, isGroup: false, body };
}

const dataOf = async (table: typeof messages | typeof campaignMessages, b: Beta, wid: string) =>
  (await getDb().select({ dataJson: table.dataJson }).from(table).where(and(eq(table.whatsappId, b.whatsappId), eq(table.wid, wid))))[0]?.dataJson as
    | { sent?: unknown; media?: unknown }
    | null;

let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  tenant = await createTenant({ chatbot: false });
  other = await createTenant({ chatbot: false });
});

afterAll(async () => {
  for (const b of opened) await b.conn.stop();
});

describe("getMessage on Postgres", () => {
  it("answers an agent's message and a campaign's message with what was sent", async () => {
    const beta = await openBeta(tenant);
    const agent = await outboxRow(tenant, beta, "Seu pedido saiu para entrega");
    // the outbox's media details stay beside the message as sent
    await getDb().update(messages).set({ dataJson: { media: { filename: "nota.pdf" } } }).where(eq(messages.id, agent.id));
    await beta.conn.send(agent.message);
    const campaign = await campaignRow(tenant, beta, "Promoção de hoje");
    await beta.conn.send(campaign);

    const [sentAgent, sentCampaign] = beta.world.latest().answers;
    expect(sentAgent.key.id).toBe(agent.message.wid);
    expect(plain(await getMessage(beta, agent.message.wid))).toEqual(plain(sentAgent.message!));
    expect(await getMessage(beta, agent.message.wid)).toMatchObject({ extendedTextMessage: { text: "Seu pedido saiu para entrega" } });
    expect(plain(await getMessage(beta, campaign.wid))).toEqual(plain(sentCampaign.message!));
    expect(await getMessage(beta, campaign.wid)).toMatchObject({ extendedTextMessage: { text: "Promoção de hoje" } });
    expect(await dataOf(messages, beta, agent.message.wid)).toMatchObject({ media: { filename: "nota.pdf" }, sent: { extendedTextMessage: {} } });
    expect(await dataOf(campaignMessages, beta, campaign.wid)).toMatchObject({ sent: { extendedTextMessage: {} } });
  });

  it("keeps media keys (bytes) through jsonb, and text holding a NUL without it", async () => {
    const beta = await openBeta(tenant);
    const row = await campaignRow(tenant, beta, "x");
    const mediaKey = Buffer.from(Array.from({ length: 32 }, (_, i) => 255 - i));
    // what Baileys hands back after uploading an image: a mediaKey (bytes) and a 64-bit length
    await postgresSentMessages(getDb, beta, { info() {}, warn() {}, error() {} }).save(row.wid, { imageMessage: { mimetype: "image/jpeg", caption: "foto", mediaKey, fileLength: 1234 } });
    const image = await getMessage(beta, row.wid);
    expect(Buffer.from(image!.imageMessage!.mediaKey!)).toEqual(mediaKey);
    expect(Number(image!.imageMessage!.fileLength)).toBe(1234);

    const agent = await outboxRow(tenant, beta, "ok");
    await beta.conn.send({ ...agent.message, body: "a\u0000b" });
    expect(await getMessage(beta, agent.message.wid)).toMatchObject({ extendedTextMessage: { text: "ab" } });
  });

  it("answers undefined on a miss, an unsent row or an unreadable one: never an empty message", async () => {
    const beta = await openBeta(tenant);
    expect(await getMessage(beta, "3EB0NOSUCHMESSAGE")).toBeUndefined();
    const unsent = await campaignRow(tenant, beta, "ainda não");
    expect(await getMessage(beta, unsent.wid)).toBeUndefined();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await getDb().execute(sql`update campaign_messages set data_json = '{"sent": {"noSuchField": 1}}' where wid = ${unsent.wid}`);
    expect(await getMessage(beta, unsent.wid)).toBeUndefined();
    await getDb().execute(sql`update campaign_messages set data_json = '{"sent": "garbage"}' where wid = ${unsent.wid}`);
    expect(await getMessage(beta, unsent.wid)).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it("never answers nor overwrites another connection's or another company's message", async () => {
    const beta = await openBeta(tenant);
    const sibling = await openBeta(tenant);
    const foreign = await openBeta(other);
    const agent = await outboxRow(tenant, beta, "só desta conexão");
    await beta.conn.send(agent.message);
    const campaign = await campaignRow(tenant, beta, "campanha desta conexão");
    await beta.conn.send(campaign);
    const before = [await dataOf(messages, beta, agent.message.wid), await dataOf(campaignMessages, beta, campaign.wid)];

    for (const b of [sibling, foreign]) {
      expect(await getMessage(b, agent.message.wid)).toBeUndefined();
      expect(await getMessage(b, campaign.wid)).toBeUndefined();
      // the same ids sent elsewhere touch nothing of ours
      await b.conn.send({ ...agent.message, body: "intruso" });
      await b.conn.send({ ...campaign, body: "intruso" });
    }
    expect([await dataOf(messages, beta, agent.message.wid), await dataOf(campaignMessages, beta, campaign.wid)]).toEqual(before);
    expect(await getMessage(beta, agent.message.wid)).toMatchObject({ extendedTextMessage: { text: "só desta conexão" } });
  });
});
