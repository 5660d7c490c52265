// A bot turn lost when the database failed right after the customer's message was stored (the
// soak's held messages SOAK8C2M32, SOAK8C7M34, SOAK8C1M36): the work after the message (campaign
// confirmation, held-turn guards, chatbot) failing for a reason a retry may fix makes the inbox try
// the row again, and the turn is taken exactly once. A `beta` connection on the fake socket writes
// through the product's inbox, ingest and chatbot on this file's Postgres; the failures are real
// database errors (a trigger refusing the bot's write) or the realtime publish after the bot's write.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { messages, whatsappInbox } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { runChatbot } from "@/lib/chatbot/run-chatbot";
import { mayRetryAfterInbound } from "@/lib/messages/after-inbound";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { metrics } from "@/lib/observability/metrics";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { waMessage } from "../helpers/fake-baileys-socket";
import { startBetaOnPostgres, type BetaOnPostgres } from "../helpers/beta-on-postgres";
import { botSaid, db, inbound, installChatbotHooks, menuOf, number, published, setup, write, type Env } from "../helpers/chatbot-env";

installChatbotHooks();
let running: BetaOnPostgres[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  setRealtimeSink((events) => void published.push(...events));
  for (const b of running) await b.conn.stop();
  running = [];
  for (const undo of cleanups.splice(0)) await undo();
});

const GREETING = "Olá! Escolha um setor:";
const nowS = () => Math.floor(Date.now() / 1000);
const text = (id: string, from: string, body: string, at = nowS()) =>
  waMessage({ key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id }, messageTimestamp: at, pushName: "Cliente", message: { conversation: body } });

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

const storedMessage = async (whatsappId: number, wid: string) => (await db().select().from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid))))[0];
const inboxEmpty = async (whatsappId: number) => (await db().select().from(whatsappInbox).where(eq(whatsappInbox.whatsappId, whatsappId))).length === 0;

/** The stored customer's message as published: first when stored (notified), again on each delivery of it later. */
const publishedAgain = (body: string) =>
  published
    .filter((e) => e.event === EVENTS.appMessage && (e.data as { action: string }).action === "create")
    .map((e) => e.data as { notify: boolean; message: { body: string; fromMe: boolean } })
    .filter((d) => !d.message.fromMe && d.message.body === body)
    .map((d) => d.notify);

const saysBot = (events: RealtimeEvent[]) =>
  events.some((e) => e.event === EVENTS.appMessage && (e.data as { message?: { fromMe?: boolean } }).message?.fromMe === true);

/** The realtime publish of the bot's message fails `times` times with `err` (after its write committed). */
function failBotPublish(err: () => unknown, times = 1) {
  const state = { thrown: 0 };
  setRealtimeSink((events) => {
    published.push(...events);
    if (saysBot(events) && state.thrown < times) {
      state.thrown++;
      throw err();
    }
  });
  return state;
}

let triggers = 0;
/**
 * The database refuses the bot's outbox rows `times` times with the SQLSTATE a terminated backend
 * answers (57P01), as when the database is cut; answers how many writes it saw.
 */
async function failBotWrites(times: number) {
  const name = `test_fail_bot_write_${++triggers}`;
  await db().execute(sql.raw(`create sequence ${name}`));
  await db().execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
    begin
      if nextval('${name}') <= ${times} then
        raise exception 'terminating connection due to administrator command (test)' using errcode = '57P01';
      end if;
      return new;
    end $$`),
  );
  await db().execute(sql.raw(`create trigger ${name} before insert on messages for each row when (new.from_me) execute function ${name}()`));
  cleanups.push(async () => {
    await db().execute(sql.raw(`drop trigger ${name} on messages`));
    await db().execute(sql.raw(`drop function ${name}()`));
    await db().execute(sql.raw(`drop sequence ${name}`));
  });
  return async () => {
    const [row] = (await db().execute(sql.raw(`select last_value, is_called from ${name}`))) as unknown as { last_value: string; is_called: boolean }[];
    return row.is_called ? Number(row.last_value) : 0;
  };
}

describe("the database fails after the customer's message is stored", () => {
  for (const kind of ["live", "held"] as const) {
    it(`a ${kind} message: the inbox delivers it again and the bot answers it once`, async () => {
      const env = await setup({ greeting: GREETING });
      const writes = await failBotWrites(1);
      const b = await start(env);
      const from = number();
      b.sock().upsert([text(`${kind.toUpperCase()}1`, from, "oi, preciso de ajuda", nowS() - 30)], kind === "held" ? "append" : "notify");
      await waitFor(async () => (await writes()) >= 2 && (await inboxEmpty(env.whatsappId)), "the bot's write after the retry");
      await b.conn.settled();
      const stored = await storedMessage(env.whatsappId, `${kind.toUpperCase()}1`);
      expect(await botSaid(stored.ticketId)).toEqual([menuOf(env, GREETING)]);
      expect(stored.turnTakenAt).not.toBeNull();
      // stored and notified once, then delivered again (published again, not notified): the retry
      expect(publishedAgain("oi, preciso de ajuda")).toEqual([true, false]);
      expect(await writes()).toBe(2);
    });
  }

  it("after the bot's write: the retry finds the turn taken and the bot says nothing again", async () => {
    const env = await setup({ greeting: GREETING });
    const failing = failBotPublish(() => Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
    const b = await start(env);
    const from = number();
    b.sock().upsert([text("P1", from, "bom dia")]);
    await waitFor(async () => publishedAgain("bom dia").length === 2 && (await inboxEmpty(env.whatsappId)), "the delivery again");
    await b.conn.settled();
    expect(failing.thrown).toBe(1);
    const stored = await storedMessage(env.whatsappId, "P1");
    expect(await botSaid(stored.ticketId)).toEqual([menuOf(env, GREETING)]);
  });

  it("a refusal of the 4xx kind is not retried: the message is delivered once", async () => {
    const env = await setup({ greeting: GREETING });
    const failing = failBotPublish(() => new AppError("ERR_TEST_REFUSED", 400));
    const b = await start(env);
    const from = number();
    b.sock().upsert([text("R1", from, "olá")]);
    await waitFor(async () => failing.thrown === 1 && (await inboxEmpty(env.whatsappId)), "the delivery");
    await b.conn.settled();
    expect(publishedAgain("olá")).toEqual([true]);
    expect(await botSaid((await storedMessage(env.whatsappId, "R1")).ticketId)).toEqual([menuOf(env, GREETING)]);
  });

  it("ingest answers a failure a retry may fix, though the message is stored, and settles any other", async () => {
    const env = await setup({ greeting: GREETING });
    const ref = { companyId: env.companyId, whatsappId: env.whatsappId };
    // held: the bot's turn is decided after the message, never ahead
    const held = (body: string) => inbound(number(), body, new Date(), { held: { botTurn: true } });
    failBotPublish(() => Object.assign(new Error("terminating connection"), { code: "57P01" }));
    const m = held("oi");
    await expect(ingestInbound(db(), { ...ref, message: m })).rejects.toMatchObject({ code: "57P01" });
    expect(await storedMessage(env.whatsappId, m.wid)).toBeDefined();
    failBotPublish(() => new AppError("ERR_TEST_REFUSED", 404));
    await expect(ingestInbound(db(), { ...ref, message: held("olá") })).resolves.toMatchObject({ duplicate: false });
  });
});

describe("a message whose turn was taken, delivered again", () => {
  it("runs nothing: a turn written after the message, or with it (decided ahead)", async () => {
    const env = await setup({ greeting: GREETING });
    const ref = { companyId: env.companyId, whatsappId: env.whatsappId };
    const from = number();
    const first = inbound(from, "oi", new Date());
    const ticketId = (await ingestInbound(db(), { ...ref, message: first })).ticketId;
    const aheadBefore = await aheadWritten();
    const second = inbound(from, "nada disso", new Date());
    await ingestInbound(db(), { ...ref, message: second });
    expect(await aheadWritten()).toBe(aheadBefore + 1);
    // the menu, then the invalid answer's menu again
    const said = await botSaid(ticketId);
    expect(said).toEqual([menuOf(env, GREETING), expect.stringContaining("Opção inválida")]);
    for (const m of [first, second]) expect((await storedMessage(env.whatsappId, m.wid)).turnTakenAt).not.toBeNull();
    // the newest first (nothing stored after it), then the one answered before
    for (const m of [second, first]) await expect(ingestInbound(db(), { ...ref, message: m })).resolves.toMatchObject({ duplicate: true });
    expect(await botSaid(ticketId)).toEqual(said);
  });

  it("a second run of the turn of one message writes nothing (two deliveries at once)", async () => {
    const env = await setup({ greeting: GREETING });
    const m = inbound(number(), "oi", new Date());
    const { ticketId } = await ingestInbound(db(), { companyId: env.companyId, whatsappId: env.whatsappId, message: m });
    const stored = await storedMessage(env.whatsappId, m.wid);
    // as a concurrent copy would, after the first turn: the bot would answer "oi" again (an invalid option)
    const event = { companyId: env.companyId, whatsappId: env.whatsappId, ticketId, messageId: stored.id, ticketCreated: false, message: m };
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      expect(await runChatbot(db(), event)).toEqual({ outcome: "skipped", handedOff: false });
    } finally {
      console.error = log;
    }
    expect(errors).toHaveLength(1);
    expect(await botSaid(ticketId)).toEqual([menuOf(env, GREETING)]);
  });

  it("a turn that lost its compare-and-set (the ticket changed) leaves its message unmarked", async () => {
    const env = await setup({ greeting: GREETING });
    const from = number();
    const ticketId = await write(env, from, "oi");
    await db().execute(sql`update tickets set status = 'open', user_id = ${env.agent.id} where id = ${ticketId}`);
    // the bot is idle on an agent's ticket: nothing marks the message
    const m = inbound(from, "alguém?", new Date());
    await ingestInbound(db(), { companyId: env.companyId, whatsappId: env.whatsappId, message: m });
    const stored = await storedMessage(env.whatsappId, m.wid);
    expect(stored.turnTakenAt).toBeNull();
    // a turn decided on the ticket as it was (pending, nobody's)
    const [row] = (await db().execute(sql`
      select matched from write_bot_turn(${ticketId}, ${env.companyId}, ${env.whatsappId}, 'pending', null, null, null, false, 0, false,
        '{}'::jsonb, now(), false, array['TURN1'], array['olá'], null, null, false, ${stored.id})
    `)) as unknown as { matched: boolean }[];
    expect(row.matched).toBe(false);
    expect((await storedMessage(env.whatsappId, m.wid)).turnTakenAt).toBeNull();
    expect(await botSaid(ticketId)).toEqual([menuOf(env, GREETING)]);
  });
});

describe("which failures the inbox tries again", () => {
  it("the database away or busy, wrapped or not; not a refusal of the 4xx kind, a bug or a statement refused for good", () => {
    const code = (c: string) => Object.assign(new Error(c), { code: c });
    for (const c of ["57P01", "08006", "55000", "40P01", "53300", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "ECONNREFUSED"]) expect({ c, retry: mayRetryAfterInbound(code(c)) }).toEqual({ c, retry: true });
    expect(mayRetryAfterInbound(Object.assign(new Error("Failed query: select 1"), { cause: code("ECONNRESET") }))).toBe(true);
    expect(mayRetryAfterInbound(new AppError("ERR_CREATING_MESSAGE", 500))).toBe(true);
    for (const err of [new AppError("ERR_NO_TICKET_FOUND", 404), new TypeError("x is undefined"), code("23505"), code("42P01"), code("22P02"), new Error("?")])
      expect({ err: String(err), retry: mayRetryAfterInbound(err) }).toEqual({ err: String(err), retry: false });
  });
});

async function aheadWritten() {
  const values = (await metrics().turnsAhead.get()).values;
  return values.find((v) => v.labels.written === "true")?.value ?? 0;
}
