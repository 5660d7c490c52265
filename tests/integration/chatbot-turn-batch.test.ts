// Issue 19 part 1: the bot's turns written together share one statement (write_bot_turn of migration
// 0013 over db/batched-statement.ts). Each turn keeps its own compare-and-set, its own outbox rows
// and events; a turn that fails fails alone.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { tickets } from "@/db/schema";
import { loadBotState } from "@/lib/chatbot/state";
import { createTurn } from "@/lib/chatbot/turn";
import { metrics } from "@/lib/observability/metrics";
import { botRows, botSaid, db, installChatbotHooks, menuOf, number, published, setup, ticket, write, type Env } from "../helpers/chatbot-env";
import { allowBody, REFUSED_BODY, refuseBody } from "../helpers/refuse-body";

installChatbotHooks();
afterAll(allowBody);

const turnStats = async () => {
  const values = (await metrics().batchSize.get()).values.filter((v) => v.labels.statement === "bot_turn");
  const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
  const failed = (await metrics().batchFallbacks.get()).values.find((v) => v.labels.statement === "bot_turn")?.value ?? 0;
  return { statements: of("db_batch_size_count"), turns: of("db_batch_size_sum"), failed };
};

/** A turn on the ticket as it is now, saying `text` and counting a menu. */
async function turnOn(env: Env, ticketId: number, text: string) {
  const state = await loadBotState(db(), env.companyId, ticketId);
  const turn = createTurn(db(), state!.ticket, new Date());
  turn.say(text);
  turn.set({ amountUsedBotQueues: state!.ticket.amountUsedBotQueues + 1 });
  return turn;
}

/** Tickets of new customers who wrote once (each got the menu). */
async function ticketsOf(env: Env, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await write(env, number(), "Oi"));
  return ids;
}

describe("the bot's turns written together", () => {
  it("customers arriving together each get one menu on their own ticket, in fewer statements than turns", async () => {
    const env = await setup();
    const before = await turnStats();
    const from = Array.from({ length: 20 }, () => number());
    const ids = await Promise.all(from.map((n) => write(env, n, "Bom dia")));
    const after = await turnStats();
    expect(after.turns - before.turns).toBe(20);
    expect(after.statements - before.statements).toBeLessThan(20);
    expect(after.failed).toBe(before.failed);
    for (const id of ids) {
      expect(await botSaid(id)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);
      expect(await ticket(id)).toMatchObject({ chatbot: true, amountUsedBotQueues: 1, queueId: null });
      // its bubble was published with the row's own id and time
      const [row] = await botRows(id);
      const event = published.find((e) => e.event === "appMessage" && (e.data as { message: { id: number } }).message.id === row.id);
      expect(event?.data).toMatchObject({ message: { ticketId: id, body: row.body, fromMe: true } });
      const [{ at }] = (await db().execute(sql`select created_at::text as at from messages where id = ${row.id}`)) as unknown as { at: string }[];
      expect((event!.data as { message: { createdAt: string } }).message.createdAt).toBe(at);
    }
  });

  it("two turns on one ticket in one statement: the first applies, the second finds the ticket changed", async () => {
    const env = await setup();
    const [a, b, x] = await ticketsOf(env, 3);
    const turns = [await turnOn(env, a, "para a"), await turnOn(env, b, "para b"), await turnOn(env, x, "primeiro"), await turnOn(env, x, "segundo")];
    const before = await turnStats();
    // the first two go at once, alone; the two on x wait and go together
    const written = await Promise.all(turns.map((t) => t.finish()));
    const after = await turnStats();
    expect(after.statements - before.statements).toBe(3);
    expect(written.map((w) => w.conflict)).toEqual([false, false, false, true]);
    expect((await botSaid(x)).slice(1)).toEqual(["primeiro"]);
    expect((await ticket(x)).amountUsedBotQueues).toBe(2);
    expect((await botSaid(a)).slice(1)).toEqual(["para a"]);
  });

  it("a turn that fails fails alone: the others of its statement are written", async () => {
    const env = await setup();
    const ids = await ticketsOf(env, 5);
    await refuseBody();
    const turns = await Promise.all(ids.map((id, i) => turnOn(env, id, i === 4 ? REFUSED_BODY : `resposta ${i}`)));
    const before = await turnStats();
    const settled = await Promise.allSettled(turns.map((t) => t.finish()));
    expect((await turnStats()).failed).toBe(before.failed + 1);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected"]);
    for (const [i, id] of ids.entries()) {
      expect((await botSaid(id)).slice(1)).toEqual(i === 4 ? [] : [`resposta ${i}`]);
      // the refused turn changed nothing on its ticket
      const [row] = await db().select({ amount: tickets.amountUsedBotQueues }).from(tickets).where(eq(tickets.id, id));
      expect(row.amount).toBe(i === 4 ? 1 : 2);
    }
    await allowBody();
  });
});
