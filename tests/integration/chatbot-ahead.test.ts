// Issue 19 part 1: the bot's turn decided before its message is stored (lib/chatbot/ahead.ts), on
// the ticket as this process last wrote it, and written by the message's own statement only when
// the ticket is as the decision assumed; otherwise the bot runs after the message, as before. The
// customer sees the same answers either way.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignShipping, contacts, tickets } from "@/db/schema";
import { metrics } from "@/lib/observability/metrics";
import { makeCampaign } from "./campaigns-dispatch-env";
import { botRows, botSaid, db, installChatbotHooks, menuOf, number, published, setup, ticket, write, type Env } from "../helpers/chatbot-env";

installChatbotHooks();

const ahead = async () => {
  const values = (await metrics().turnsAhead.get()).values;
  const of = (written: string) => values.find((v) => v.labels.written === written)?.value ?? 0;
  return { written: of("true"), not: of("false") };
};

/** How many turns were decided ahead, and written or not, while `fn` ran. */
async function aheadDuring<T>(fn: () => Promise<T>) {
  const before = await ahead();
  const result = await fn();
  const after = await ahead();
  return { result, written: after.written - before.written, not: after.not - before.not };
}

const GREETING = "Olá! Escolha um setor:";
const INVALID = "Opção inválida. Por favor, responda com o número de uma das opções abaixo:";

/** A tenant whose connection's bot context this process keeps (its first customer was answered). */
async function keptSetup(): Promise<Env> {
  const env = await setup();
  await write(env, number(), "Oi");
  return env;
}

const appMessages = () => published.filter((e) => e.event === "appMessage").map((e) => (e.data as { message: { id: number; fromMe: boolean } }).message);

describe("the bot's turn decided before the message is stored", () => {
  it("a new customer's first message: the menu is written with it, and published after it", async () => {
    const env = await keptSetup();
    published.length = 0;
    const { result: id, written, not } = await aheadDuring(() => write(env, number(), "Bom dia"));
    expect([written, not]).toEqual([1, 0]);
    expect(await botSaid(id)).toEqual([menuOf(env, GREETING)]);
    expect(await ticket(id)).toMatchObject({ status: "pending", chatbot: true, amountUsedBotQueues: 1, queueId: null });
    // the customer's bubble, then the bot's with the row's own id and time
    const [row] = await botRows(id);
    const bubbles = appMessages();
    expect(bubbles.map((m) => m.fromMe)).toEqual([false, true]);
    expect(bubbles[1]).toMatchObject({ id: row.id, ticketId: id, body: row.body });
    const [{ at }] = (await db().execute(sql`select created_at::text as at from messages where id = ${row.id}`)) as unknown as { at: string }[];
    expect((bubbles[1] as unknown as { createdAt: string }).createdAt).toBe(at);
  });

  it("a known customer's answers: each written with its message, the ticket moving as after it", async () => {
    const env = await keptSetup();
    const from = number();
    const id = await write(env, from, "Oi");
    const wrong = await aheadDuring(() => write(env, from, "talvez"));
    expect([wrong.written, wrong.not]).toEqual([1, 0]);
    expect(await botSaid(id)).toEqual([menuOf(env, GREETING), menuOf(env, INVALID)]);
    published.length = 0;
    const picked = await aheadDuring(() => write(env, from, "2"));
    expect([picked.written, picked.not]).toEqual([1, 0]);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[1].id, chatbot: false, amountUsedBotQueues: 2 });
    expect((await botSaid(id)).at(-1)).toBe("Sales");
    // the lists were told the ticket moved to its queue
    const moved = published.find((e) => e.event === "ticket" && (e.data as { ticket?: { queueId: number } }).ticket?.queueId === env.queues[1].id);
    expect(moved).toBeDefined();
    // in its queue the bot has nothing more to say: nothing is decided ahead, nothing written
    const after = await aheadDuring(() => write(env, from, "obrigado"));
    expect([after.written, after.not]).toEqual([0, 0]);
    expect(await botRows(id)).toHaveLength(3);
  });

  it("an agent took the ticket meanwhile (another process): the answer decided ahead is not written, the bot stays silent", async () => {
    const env = await keptSetup();
    const from = number();
    const id = await write(env, from, "Oi");
    await db().update(tickets).set({ status: "open", userId: env.agent.id }).where(eq(tickets.id, id));
    const run = await aheadDuring(() => write(env, from, "alguém aí?"));
    expect([run.written, run.not]).toEqual([0, 1]);
    expect(await botSaid(id)).toEqual([menuOf(env, GREETING)]);
    expect(await ticket(id)).toMatchObject({ status: "open", userId: env.agent.id, unreadMessages: 2 });
  });

  it("the contact was renamed meanwhile: not written ahead, and the bot answers once, after the message", async () => {
    const env = await keptSetup();
    const from = number();
    const id = await write(env, from, "Oi");
    const { contactId } = await ticket(id);
    await db().update(contacts).set({ name: "Maria (VIP)" }).where(eq(contacts.id, contactId));
    const run = await aheadDuring(() => write(env, from, "hã?"));
    expect([run.written, run.not]).toEqual([0, 1]);
    expect(await botSaid(id)).toEqual([menuOf(env, GREETING), menuOf(env, INVALID)]);
    expect(await ticket(id)).toMatchObject({ amountUsedBotQueues: 2 });
  });

  it("an agent closed the ticket: the message opens a new one, which gets the menu (after the message)", async () => {
    const env = await keptSetup();
    const from = number();
    const first = await write(env, from, "Oi");
    await db().update(tickets).set({ status: "closed" }).where(eq(tickets.id, first));
    const run = await aheadDuring(() => write(env, from, "voltei"));
    expect(run.result).not.toBe(first);
    expect([run.written, run.not]).toEqual([0, 1]);
    expect(await botSaid(run.result)).toEqual([menuOf(env, GREETING)]);
  });

  it("two messages of one customer together: the first is answered ahead, the second after it, on the ticket the first left", async () => {
    const env = await keptSetup();
    const from = number();
    const id = await write(env, from, "Oi");
    const run = await aheadDuring(() => Promise.all([write(env, from, "x"), write(env, from, "y")]));
    expect(run.written + run.not).toBe(2);
    expect(run.written).toBeGreaterThanOrEqual(1);
    // maxUseBotQueues 3: the menu, then once for each wrong answer; never two for one message
    expect(await botSaid(id)).toEqual([menuOf(env, GREETING), menuOf(env, INVALID), menuOf(env, INVALID)]);
    expect(await ticket(id)).toMatchObject({ amountUsedBotQueues: 3, chatbot: true, unreadMessages: 3 });
  });

  it("a campaign waits for the number's confirmation: the answer goes first, the bot after the message", async () => {
    const env = await keptSetup();
    const from = number();
    const campaignId = await makeCampaign(env, { status: "EM_ANDAMENTO", confirmation: true });
    await db().insert(campaignShipping).values({
      campaignId,
      companyId: env.companyId,
      number: from,
      status: "confirming",
      confirmation: true,
      message: "Sua consulta é amanhã",
      confirmationMessage: "Confirma?",
    });
    const run = await aheadDuring(() => write(env, from, "sim"));
    expect([run.written, run.not]).toEqual([0, 1]);
    const [shipping] = await db().select().from(campaignShipping).where(and(eq(campaignShipping.campaignId, campaignId), eq(campaignShipping.number, from)));
    expect(shipping.confirmedAt).not.toBeNull();
    expect(await botSaid(run.result)).toEqual([menuOf(env, GREETING)]);
  });
});
