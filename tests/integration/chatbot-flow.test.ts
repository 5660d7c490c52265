// Issue 6 part 3/4: the chatbot driven through the real ingest service (the hook runs it after each
// stored message), with the clock faked through the messages' own timestamps. What the bot says is
// read from the outbox (the worker sends it: chatbot-sandbox.test.ts), the ticket from the db.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queueOptions, queues, tickets } from "@/db/schema";
import { BOT_TEXTS } from "@/lib/chatbot/texts";
import { channels } from "@/lib/realtime/channels";

import { botRows, botSaid, db, listEvents, menuOf, number, published, setup, ticket, installChatbotHooks, write } from "../helpers/chatbot-env";

installChatbotHooks();

describe("one queue on the connection", () => {
  it("puts the ticket in it at once, silently when sendGreetingMessageOneQueues is disabled", async () => {
    const env = await setup({ queueCount: 1 });
    const id = await write(env, number(), "Oi");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queues[0].id, userId: null, chatbot: false });
    expect(await botSaid(id)).toEqual([]);
    // the list moves: gone from "no queue", in the queue's pending list
    const deleted = listEvents("delete").find((e) => e.channels.includes(channels.tickets(env.companyId, null, "pending")));
    expect(deleted).toBeTruthy();
    const updated = listEvents("update").find((e) => e.channels.includes(channels.tickets(env.companyId, env.queues[0].id, "pending")));
    expect(updated?.data).toMatchObject({ ticket: { id, queueId: env.queues[0].id, status: "pending" } });
  });

  it("sends the queue's greeting when sendGreetingMessageOneQueues is enabled, as an outbox row of the bot", async () => {
    const env = await setup({ queueCount: 1, settings: { sendGreetingMessageOneQueues: "enabled" } });
    const from = number();
    const id = await write(env, from, "Oi");
    const [row] = await botRows(id);
    expect(row).toMatchObject({ body: "Support", fromMe: true, read: true, sendStatus: "pending", contactId: null, ack: 0, whatsappId: env.whatsappId });
    expect(row.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, chatbot: false });
    // the conversation and the list get the bubble
    expect(published.find((e) => e.event === "appMessage" && (e.data as { message: { id: number } }).message.id === row.id)?.data).toMatchObject({
      action: "create",
      notify: false,
    });
    // later messages wait for an agent: no more bot
    await write(env, from, "Alguém aí?");
    expect(await botSaid(id)).toEqual(["Support"]);
  });
});

describe("several queues: the menu", () => {
  it("greets with the numbered queues (by orderQueue, then name), and the answer picks the queue", async () => {
    const env = await setup({ queueCount: 3 });
    // the factory's two share an order now: by name, Sales before Support; the unordered one last
    await db().update(queues).set({ orderQueue: 1 }).where(inArray(queues.id, env.queueIds));
    env.queues = [env.queues[1], env.queues[0], env.queues[2]];
    const from = number();
    const id = await write(env, from, "Bom dia");
    expect(await botSaid(id)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, chatbot: true, amountUsedBotQueues: 1 });

    published.length = 0;
    await write(env, from, " 2 ");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queues[1].id, userId: null, chatbot: false, queueOptionId: null });
    expect((await botSaid(id)).at(-1)).toBe("Support");
    expect(listEvents("update").some((e) => e.channels.includes(channels.tickets(env.companyId, env.queues[1].id, "pending")))).toBe(true);
    // picked: the next message is for the agents
    await write(env, from, "3");
    expect(await botSaid(id)).toHaveLength(2);
    expect((await ticket(id)).queueId).toBe(env.queues[1].id);
  });

  it("repeats the menu after an invalid answer (a number out of range, text, media without caption)", async () => {
    const env = await setup({ maxUseBotQueues: 0 });
    const from = number();
    const id = await write(env, from, "Oi");
    for (const answer of ["3", "0", "vendas", ""]) await write(env, from, answer, new Date(), answer ? {} : { mediaType: "image" });
    const said = await botSaid(id);
    expect(said).toHaveLength(5);
    const lines = env.queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
    for (const repeat of said.slice(1)) expect(repeat).toBe(`${BOT_TEXTS.invalidOption}\n\n${lines}`);
    expect(await ticket(id)).toMatchObject({ queueId: null, chatbot: true, amountUsedBotQueues: 5 });
  });

  it("two messages arriving together get one menu, the second read as an answer (compare-and-set turns)", async () => {
    const env = await setup({ maxUseBotQueues: 0 });
    const from = number();
    const [id, same] = await Promise.all([write(env, from, "Oi"), write(env, from, "Tudo bem?")]);
    expect(same).toBe(id);
    const said = await botSaid(id);
    expect(said).toHaveLength(2);
    expect(said[0]).toBe(menuOf(env, "Olá! Escolha um setor:"));
    expect(said[1].startsWith(BOT_TEXTS.invalidOption)).toBe(true);
    expect(await ticket(id)).toMatchObject({ chatbot: true, amountUsedBotQueues: 2 });
  });

  it("sends the menu at most maxUseBotQueues times; then the ticket waits with no queue and the bot is done", async () => {
    const env = await setup({ maxUseBotQueues: 2 });
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "nada");
    expect(await botSaid(id)).toHaveLength(2);
    await write(env, from, "de novo");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, userId: null, chatbot: false, amountUsedBotQueues: 2 });
    // nothing more, not even for a valid number
    await write(env, from, "1");
    expect(await botSaid(id)).toHaveLength(2);
    expect((await ticket(id)).queueId).toBeNull();
  });

  it("waits timeUseBotQueues minutes for an answer; a later answer gets nothing and the ticket waits for an agent", async () => {
    const env = await setup({ timeUseBotQueues: 5 });
    const t0 = new Date("2025-03-10T13:00:00Z");
    const late = number();
    const lateId = await write(env, late, "Oi", t0);
    expect((await ticket(lateId)).lastBotMessageAt?.toISOString()).toBe(t0.toISOString());
    await write(env, late, "1", new Date(t0.getTime() + 5 * 60_000 + 1000));
    expect(await ticket(lateId)).toMatchObject({ queueId: null, chatbot: false, amountUsedBotQueues: 1 });
    await write(env, late, "1", new Date(t0.getTime() + 6 * 60_000));
    expect(await botSaid(lateId)).toHaveLength(1);

    const inTime = number();
    const inTimeId = await write(env, inTime, "Oi", t0);
    await write(env, inTime, "xx", new Date(t0.getTime() + 4 * 60_000));
    // the repeated menu restarts the wait
    await write(env, inTime, "1", new Date(t0.getTime() + 8 * 60_000));
    expect(await ticket(inTimeId)).toMatchObject({ queueId: env.queues[0].id });
  });

  it("does nothing on a connection without queues, and never answers a group or a ticket an agent holds", async () => {
    const none = await setup({ queueCount: 0 });
    const id = await write(none, number(), "Oi");
    expect(await botSaid(id)).toEqual([]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, chatbot: false, amountUsedBotQueues: 0 });

    const env = await setup();
    const group = await write(env, "120363000000000001", "Oi grupo", new Date(), { isGroup: true, groupName: "Grupo", from: { number: number(), name: "Membro" } });
    expect(await botSaid(group)).toEqual([]);

    const from = number();
    const held = await write(env, from, "Oi");
    await db().update(tickets).set({ status: "open", userId: env.agent.id }).where(eq(tickets.id, held));
    await write(env, from, "1");
    expect(await botSaid(held)).toHaveLength(1);
    expect((await ticket(held)).queueId).toBeNull();
  });
});

describe("option trees", () => {
  async function tree(queueId: number, companyId: number) {
    const add = async (title: string, option: string, message: string, parentId: number | null = null) =>
      (await db().insert(queueOptions).values({ companyId, queueId, parentId, title, option, message }).returning({ id: queueOptions.id }))[0].id;
    // inserted out of order: the menu lists them by number ("10" after "2")
    const tech = await add("Técnico", "2", "Descreva o problema.");
    const fin = await add("Financeiro", "1", "Financeiro: escolha.");
    const pix = await add("Pix", "2", "Nossa chave Pix é 123.", fin);
    await add("Boleto", "1", "Enviaremos o boleto.", fin);
    await add("Outros", "10", "Fale com a gente.");
    return { fin, pix, tech };
  }
  const roots = "*[ 1 ]* - Financeiro\n*[ 2 ]* - Técnico\n*[ 10 ]* - Outros";
  const finLevel = "*[ 1 ]* - Boleto\n*[ 2 ]* - Pix";
  const back = BOT_TEXTS.backHint;

  it("walks the tree: numbered levels, each option's message, 0 and # go back, invalid repeats the level, a leaf ends the bot", async () => {
    const env = await setup({ maxUseBotQueues: 5 });
    const q = env.queues[0];
    const ids = await tree(q.id, env.companyId);
    const from = number();
    const id = await write(env, from, "Oi");
    const at = async (answer: string) => {
      await write(env, from, answer);
      return [(await botSaid(id)).at(-1), await ticket(id)] as const;
    };

    let [said, t] = await at("1");
    expect(said).toBe(`Support\n\n${roots}\n\n${back}`);
    expect(t).toMatchObject({ queueId: q.id, chatbot: true, queueOptionId: null });

    [said, t] = await at("1");
    expect(said).toBe(`Financeiro: escolha.\n\n${finLevel}\n\n${back}`);
    expect(t.queueOptionId).toBe(ids.fin);

    [said, t] = await at("0");
    expect(said).toBe(`${roots}\n\n${back}`);
    expect(t).toMatchObject({ queueOptionId: null, queueId: q.id });

    // "#" on the first level: back to the queue menu, out of the queue
    [said, t] = await at("#");
    expect(said).toBe(menuOf(env, "Olá! Escolha um setor:"));
    expect(t).toMatchObject({ queueId: null, chatbot: true, amountUsedBotQueues: 2 });

    await at("1");
    [said, t] = await at("7");
    expect(said).toBe(`${BOT_TEXTS.invalidOption}\n\n${roots}\n\n${back}`);
    expect(t).toMatchObject({ queueOptionId: null, amountUsedBotQueues: 3 });

    await at("1");
    [said, t] = await at("#");
    expect(said).toBe(`${roots}\n\n${back}`);
    await at("01");
    [said, t] = await at("2");
    expect(said).toBe("Nossa chave Pix é 123.");
    expect(t).toMatchObject({ queueId: q.id, queueOptionId: ids.pix, chatbot: false, status: "pending", userId: null });

    // the leaf ended the bot: the ticket waits in the queue
    const count = (await botSaid(id)).length;
    await write(env, from, "0");
    expect(await botSaid(id)).toHaveLength(count);
  });

  it("one queue: the tree follows at once (without the back hint on its first level), greeting only when the setting says", async () => {
    const env = await setup({ queueCount: 1 });
    await tree(env.queues[0].id, env.companyId);
    const from = number();
    const id = await write(env, from, "Oi");
    expect(await botSaid(id)).toEqual([roots]);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, chatbot: true });
    // "0" on the first level of the only queue is not an option
    await write(env, from, "0");
    expect((await botSaid(id)).at(-1)).toBe(`${BOT_TEXTS.invalidOption}\n\n${roots}`);
    await write(env, from, "2");
    expect((await botSaid(id)).at(-1)).toBe("Descreva o problema.");
    expect((await ticket(id)).chatbot).toBe(false);

    const greeted = await setup({ queueCount: 1, settings: { sendGreetingMessageOneQueues: "enabled" } });
    await tree(greeted.queues[0].id, greeted.companyId);
    const other = await write(greeted, number(), "Oi");
    expect(await botSaid(other)).toEqual([`Support\n\n${roots}`]);
  });

  it("repeats a level at most as maxUseBotQueues allows, then stops in the queue", async () => {
    const env = await setup({ queueCount: 1, maxUseBotQueues: 2 });
    await tree(env.queues[0].id, env.companyId);
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "x");
    await write(env, from, "y");
    await write(env, from, "z");
    expect(await botSaid(id)).toHaveLength(3);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, chatbot: false, amountUsedBotQueues: 2 });
  });
});

// Monday 2025-01-06. São Paulo is UTC-3 all year (no daylight saving since 2019).
