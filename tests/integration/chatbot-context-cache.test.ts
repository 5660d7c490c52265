// Issue 19 part 1: the bot's context is kept by each process with the company's
// bot_context_version (lib/chatbot/context-cache.ts), and triggers move that number with every change
// the context is built from (db/migrations/0012_bot_context_version.sql). The changes here are made
// straight in the database, as another process (or an admin's request) would: only the number tells
// this process its kept context is stale.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, queues, whatsappQueues, whatsapps } from "@/db/schema";
import { connectionBotContext } from "@/lib/chatbot/context-cache";
import { BOT_TEXTS } from "@/lib/chatbot/texts";
import { botSaid, db, installChatbotHooks, menuOf, number, setSetting, setup, ticket, write } from "../helpers/chatbot-env";

installChatbotHooks();

const versionOf = async (companyId: number) =>
  (await db().select({ v: companies.botContextVersion }).from(companies).where(eq(companies.id, companyId)))[0].v;

describe("the company's bot context version", () => {
  it("moves with each change the context is built from, and only with those, and only the company's own", async () => {
    const env = await setup();
    const other = await setup();
    const changes: [string, () => Promise<unknown>, boolean][] = [
      ["the connection's greeting", () => db().update(whatsapps).set({ greetingMessage: "Oi!" }).where(eq(whatsapps.id, env.whatsappId)), true],
      ["the connection's bot limits", () => db().update(whatsapps).set({ maxUseBotQueues: 9, timeUseBotQueues: 2 }).where(eq(whatsapps.id, env.whatsappId)), true],
      ["the connection's status (not the bot's)", () => db().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, env.whatsappId)), false],
      ["a queue's name", () => db().update(queues).set({ name: "Financeiro" }).where(eq(queues.id, env.queues[0].id)), true],
      ["a queue taken off the connection", () => db().delete(whatsappQueues).where(and(eq(whatsappQueues.whatsappId, env.whatsappId), eq(whatsappQueues.queueId, env.queues[1].id))), true],
      ["a queue put back on it", () => db().insert(whatsappQueues).values({ whatsappId: env.whatsappId, queueId: env.queues[1].id, companyId: env.companyId }), true],
      ["a setting", () => setSetting(env.companyId, "call", "disabled"), true],
      ["the timezone", () => db().update(companies).set({ timezone: "America/Manaus" }).where(eq(companies.id, env.companyId)), true],
      ["the company's hours", () => db().update(companies).set({ schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" }] }).where(eq(companies.id, env.companyId)), true],
      ["the company's name (not the bot's)", () => db().update(companies).set({ name: "Outro nome" }).where(eq(companies.id, env.companyId)), false],
      ["another company's greeting", () => db().update(whatsapps).set({ greetingMessage: "Alô" }).where(eq(whatsapps.id, other.whatsappId)), false],
    ];
    for (const [what, change, moves] of changes) {
      const before = await versionOf(env.companyId);
      await change();
      expect(await versionOf(env.companyId), what).toBe(moves ? before + 1 : before);
    }
  });

  it("keeps the context while the version stays, and reads it again when it moved", async () => {
    const env = await setup();
    const v = String(await versionOf(env.companyId));
    const first = await connectionBotContext(db(), env.companyId, env.whatsappId, v);
    expect(first?.connection?.greetingMessage).toBe("Olá! Escolha um setor:");
    expect(await connectionBotContext(db(), env.companyId, env.whatsappId, v)).toBe(first);
    await db().update(whatsapps).set({ greetingMessage: "Bem-vindo" }).where(eq(whatsapps.id, env.whatsappId));
    const next = await connectionBotContext(db(), env.companyId, env.whatsappId, String(await versionOf(env.companyId)));
    expect(next?.connection?.greetingMessage).toBe("Bem-vindo");
  });
});

describe("the next message after a change is answered from the new context", () => {
  it("greeting, queue name, queues on the connection, settings", async () => {
    const env = await setup();
    const a = await write(env, number(), "Oi");
    expect(await botSaid(a)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);

    await db().update(whatsapps).set({ greetingMessage: "Bem-vindo! Escolha:" }).where(eq(whatsapps.id, env.whatsappId));
    const b = await write(env, number(), "Oi");
    expect(await botSaid(b)).toEqual([menuOf(env, "Bem-vindo! Escolha:")]);

    await db().update(queues).set({ name: "Financeiro" }).where(eq(queues.id, env.queues[0].id));
    env.queues[0].name = "Financeiro";
    const c = await write(env, number(), "Oi");
    expect(await botSaid(c)).toEqual([menuOf(env, "Bem-vindo! Escolha:")]);

    // one queue left on the connection: a new ticket goes straight into it, silently
    await db().delete(whatsappQueues).where(and(eq(whatsappQueues.whatsappId, env.whatsappId), eq(whatsappQueues.queueId, env.queues[1].id)));
    const d = await write(env, number(), "Oi");
    expect(await ticket(d)).toMatchObject({ queueId: env.queues[0].id, chatbot: false });
    expect(await botSaid(d)).toEqual([]);

    // calls: answered with a text by default, let through once `call` is enabled
    const caller = number();
    const e = await write(env, caller, "", new Date(), { mediaType: "call_log" });
    expect(await botSaid(e)).toEqual([BOT_TEXTS.callRejected]);
    await setSetting(env.companyId, "call", "enabled");
    await write(env, caller, "", new Date(), { mediaType: "call_log" });
    expect(await botSaid(e)).toEqual([BOT_TEXTS.callRejected]);
  });
});
