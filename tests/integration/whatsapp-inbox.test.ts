// Issue 33 parts 1 and 2: what WhatsApp held for us while no socket was up is handled as live, with
// guards, and nothing is lost between Baileys' receipt and the database. A `beta` connection on the
// fake socket (Baileys' own event buffer) writes through the product's inbox, ingest and chatbot on
// this file's Postgres.
import { and, asc, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaigns, campaignShipping, companies, messages, whatsappInbox } from "@/db/schema";
import { loadConnections } from "@/lib/connections/load-connections";
import { EVENTS } from "@/lib/realtime/channels";
import { waMessage } from "../helpers/fake-baileys-socket";
import { startBetaOnPostgres, type BetaOnPostgres } from "../helpers/beta-on-postgres";
import { botSaid, db, installChatbotHooks, menuOf, number, published, setup, type Env } from "../helpers/chatbot-env";

installChatbotHooks();
let running: BetaOnPostgres[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const b of running) await b.conn.stop();
  running = [];
});

const GREETING = "Olá! Escolha um setor:";
const nowS = () => Math.floor(Date.now() / 1000);

const text = (id: string, from: string, body: string, at: number, fromMe = false) =>
  waMessage({ key: { remoteJid: `${from}@s.whatsapp.net`, fromMe, id }, messageTimestamp: at, pushName: "Cliente", message: { conversation: body } });

async function start(env: Env) {
  const b = await startBetaOnPostgres({ companyId: env.companyId, whatsappId: env.whatsappId });
  running.push(b);
  b.sock().open();
  await b.conn.settled();
  return b;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const storedWids = async (whatsappId: number) =>
  (await db().select({ wid: messages.wid }).from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.fromMe, false))).orderBy(asc(messages.id))).map(
    (m) => m.wid,
  );
const inboxRows = (whatsappId: number) => db().select().from(whatsappInbox).where(eq(whatsappInbox.whatsappId, whatsappId));
const ticketOf = async (whatsappId: number, contactNumber: string) => {
  const [row] = (await db().execute(sql`
    select t.id from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = ${whatsappId} and c.number = ${contactNumber}
  `)) as unknown as { id: number }[];
  return row?.id;
};
const notified = () =>
  published
    .filter((e) => e.event === EVENTS.appMessage && (e.data as { action: string }).action === "create")
    .map((e) => e.data as { notify: boolean; message: { body: string } })
    .filter((d) => d.notify)
    .map((d) => d.message.body);

describe("held messages (Baileys' append): handled as live, with guards", () => {
  it("are stored and notified; the bot answers each chat once, its newest message, and not what we answered already", async () => {
    const env = await setup({ greeting: GREETING });
    const b = await start(env);
    const [a, c, d] = [number(), number(), number()];
    const t = nowS();
    b.sock().upsert(
      [
        text("A1", a, "oi", t - 300),
        text("A2", a, "alguém aí?", t - 200),
        text("A3", a, "preciso de ajuda", t - 100),
        // answered from the phone after the customer's last message: the bot stays quiet
        text("C1", c, "bom dia", t - 120),
        text("C2", c, "Bom dia! Já te atendo.", t - 60, true),
        // a customer alone in the batch gets the menu
        text("D1", d, "olá", t - 30),
      ],
      "append",
    );
    await b.conn.settled();
    await waitFor(async () => (await storedWids(env.whatsappId)).length === 5, "five customer messages");
    const wids = await storedWids(env.whatsappId);
    expect(wids.filter((w) => w.startsWith("A"))).toEqual(["A1", "A2", "A3"]);
    expect(wids.sort()).toEqual(["A1", "A2", "A3", "C1", "D1"]);
    const menu = menuOf(env, GREETING);
    expect(await botSaid(await ticketOf(env.whatsappId, a))).toEqual([menu]);
    expect(await botSaid(await ticketOf(env.whatsappId, c))).toEqual(["Bom dia! Já te atendo."]);
    expect(await botSaid(await ticketOf(env.whatsappId, d))).toEqual([menu]);
    // notified like live messages (sound, bell), unlike history
    expect(notified()).toEqual(expect.arrayContaining(["oi", "alguém aí?", "preciso de ajuda", "bom dia", "olá"]));
    expect(await inboxRows(env.whatsappId)).toEqual([]);
  });

  it("are not answered by the bot when older than the held-reply age, or when the ticket has a newer message of ours", async () => {
    const env = await setup({ greeting: GREETING });
    const b = await start(env);
    const [old, answered] = [number(), number()];
    // a live conversation first: the agent's answer is in the ticket when the held message arrives
    b.sock().upsert([text("L1", answered, "oi", nowS() - 600)]);
    await waitFor(async () => (await ticketOf(env.whatsappId, answered)) !== undefined, "the live message");
    const id = (await ticketOf(env.whatsappId, answered))!;
    await waitFor(async () => (await botSaid(id)).length === 1, "the live menu");
    // an agent wrote after the customer's held message was sent (still pending: the bot would answer it)
    await db().insert(messages).values({ companyId: env.companyId, ticketId: id, whatsappId: env.whatsappId, wid: "AGENT1", body: "Estou aqui", fromMe: true, read: true, ack: 2 });
    b.sock().upsert([text("H1", old, "mensagem de ontem", nowS() - 7 * 3600), text("H2", answered, "e então?", nowS() - 900)], "append");
    await b.conn.settled();
    await waitFor(async () => (await storedWids(env.whatsappId)).length === 3, "the held messages");
    expect(await botSaid((await ticketOf(env.whatsappId, old))!)).toEqual([]);
    expect(await botSaid(id)).toEqual([menuOf(env, GREETING), "Estou aqui"]);
    expect(notified()).toEqual(expect.arrayContaining(["mensagem de ontem", "e então?"]));
  });

  it("are decided on the clock now: a message written out of hours and read in hours gets the menu, not the out-of-hours text", async () => {
    const env = await setup({ greeting: GREETING, settings: { scheduleType: "company" }, outOfHoursMessage: "Estamos fechados." });
    const week = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"].map((weekday, i) => ({
      weekday,
      weekdayEn: ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][i],
      startTime: "08:00",
      endTime: "18:00",
    }));
    await db().update(companies).set({ schedules: week }).where(eq(companies.id, env.companyId));
    // Monday 09:00 in São Paulo; the customer wrote at 07:30, before opening
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-01-06T12:00:00Z"));
    const b = await start(env);
    const from = number();
    b.sock().upsert([text("E1", from, "oi, estão abertos?", Date.parse("2025-01-06T10:30:00Z") / 1000)], "append");
    await b.conn.settled();
    await waitFor(async () => (await storedWids(env.whatsappId)).length === 1, "the held message");
    expect(await botSaid((await ticketOf(env.whatsappId, from))!)).toEqual([menuOf(env, GREETING)]);
  });

  it("a held campaign confirmation sends the campaign message only while the campaign runs and within the age; otherwise it is recorded as confirmed late", async () => {
    const env = await setup({ greeting: GREETING });
    const [late, ended] = [number(), number()];
    const campaign = async (status: string) => {
      const [c] = await db().insert(campaigns).values({ companyId: env.companyId, name: `c ${status} ${number()}`, status, whatsappId: env.whatsappId, confirmation: true }).returning();
      return c.id;
    };
    const running1 = await campaign("EM_ANDAMENTO");
    const finished = await campaign("FINALIZADA");
    await db().insert(campaignShipping).values([
      { companyId: env.companyId, campaignId: running1, number: late, status: "confirming", message: "A oferta", confirmation: true },
      { companyId: env.companyId, campaignId: finished, number: ended, status: "confirming", message: "A oferta", confirmation: true },
    ]);
    const b = await start(env);
    b.sock().upsert([text("S1", late, "sim", nowS() - 7 * 3600), text("S2", ended, "sim", nowS() - 60)], "append");
    await b.conn.settled();
    await waitFor(async () => (await storedWids(env.whatsappId)).length === 2, "the held answers");
    const rows = await db().select().from(campaignShipping).where(eq(campaignShipping.companyId, env.companyId)).orderBy(asc(campaignShipping.id));
    expect(rows.map((r) => [r.number, r.status, r.error, r.confirmedAt !== null])).toEqual([
      [late, "confirming", "confirmed_late", true],
      [ended, "confirming", "confirmed_late", true],
    ]);
  });
});

describe("the inbox: nothing lost between Baileys' receipt and the database", () => {
  it("a failing sink: every message is stored once when it recovers, in order per chat, and the other chats go on", async () => {
    const env = await setup({ greeting: GREETING });
    const b = await start(env);
    b.sink.failures = 3;
    const [a, c] = [number(), number()];
    const t = nowS();
    b.sock().upsert([text("F1", a, "um", t - 5), text("F2", c, "outro", t - 4)]);
    b.sock().upsert([text("F3", a, "dois", t - 3)]);
    b.sock().upsert([text("F4", a, "três", t - 2)]);
    await waitFor(async () => (await storedWids(env.whatsappId)).length === 4, "four messages");
    const wids = await storedWids(env.whatsappId);
    expect(wids.filter((w) => w !== "F2")).toEqual(["F1", "F3", "F4"]);
    expect(new Set(wids).size).toBe(4);
    await waitFor(async () => (await inboxRows(env.whatsappId)).length === 0, "an empty inbox");
  });

  it("the database cut for a while: received messages wait and are stored once, in order, when it is back", async () => {
    const env = await setup({ greeting: GREETING });
    const b = await start(env);
    const from = number();
    const url = new URL(process.env.DATABASE_URL!);
    const name = url.pathname.slice(1);
    const admin = postgres({ host: url.hostname, port: Number(url.port || 5432), user: url.username || "postgres", database: "postgres", max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`alter database "${name}" allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      const t = nowS();
      b.sock().upsert([text("X1", from, "primeira", t - 3)]);
      b.sock().upsert([text("X2", from, "segunda", t - 2), text("X3", from, "terceira", t - 1)]);
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await admin.unsafe(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
    await waitFor(async () => (await storedWids(env.whatsappId).catch(() => [])).length === 3, "three messages after the cut", 30_000);
    expect(await storedWids(env.whatsappId)).toEqual(["X1", "X2", "X3"]);
    await waitFor(async () => (await inboxRows(env.whatsappId)).length === 0, "an empty inbox");
  });

  it("a message from a LID WhatsApp has not identified waits in the inbox across a restart, and is stored once the mapping arrives", async () => {
    const env = await setup({ greeting: GREETING });
    const first = await start(env);
    const lid = "207000000000123";
    first.sock().upsert([
      waMessage({ key: { remoteJid: `${lid}@lid`, fromMe: false, id: "LID1" }, messageTimestamp: nowS(), pushName: "Ana", message: { conversation: "sou eu" } }),
    ]);
    await first.conn.settled();
    expect(await inboxRows(env.whatsappId)).toEqual([expect.objectContaining({ wid: "LID1", waitingFor: lid })]);
    expect(await storedWids(env.whatsappId)).toEqual([]);
    // the connections page says so (GET /api/whatsapp and the connection's realtime event carry it)
    expect((await loadConnections(db(), env.companyId, [env.whatsappId]))[0].waitingSenders).toBe(1);
    // a restart: the process is gone, the row is not
    await first.conn.stop();
    const second = await start(env);
    await second.conn.settled();
    expect(await storedWids(env.whatsappId)).toEqual([]);
    const phone = number();
    second.sock().emit("lid-mapping.update", { lid: `${lid}@lid`, pn: `${phone}@s.whatsapp.net` });
    await second.conn.settled();
    await waitFor(async () => (await storedWids(env.whatsappId)).length === 1, "the identified message");
    const [stored] = await db().select().from(messages).where(eq(messages.wid, "LID1"));
    expect(await ticketOf(env.whatsappId, phone)).toBe(stored.ticketId);
    expect(await inboxRows(env.whatsappId)).toEqual([]);
    expect((await loadConnections(db(), env.companyId, [env.whatsappId]))[0].waitingSenders).toBe(0);
  });
});
