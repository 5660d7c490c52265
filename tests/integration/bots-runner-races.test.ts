// The runner's rules (issue 17 §3): one ticket's turns in order and never at once (two runners,
// messages arriving together), a crashed runner's turn taken over, failures handed to an agent
// with the error shown on the integration, an agent accepting ends the bot's turn.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { botTurns, messages, queueIntegrations, tickets } from "@/db/schema";
import { registerBotProvider, type BotContext } from "@/lib/bots/registry";
import { claimTurn, TURN_LEASE_MS } from "@/lib/bots/runner/claim";
import { drainBotTurns } from "@/lib/bots/runner/drain";
import { turnLimits, TURN_TIMEOUT_MS } from "@/lib/bots/runner/run-turn";
import { botSaid, db, installChatbotHooks, number, published, ticket, write } from "../helpers/chatbot-env";
import { botSetup, drain, gate, turnsOf } from "./bots-runner-env";

installChatbotHooks();
afterEach(() => {
  turnLimits.timeoutMs = TURN_TIMEOUT_MS;
});

const botRowsOf = (ticketId: number) => db().select({ id: messages.id, body: messages.body }).from(messages).where(eq(messages.ticketId, ticketId));
const integrationOf = async (id: number) => (await db().select().from(queueIntegrations).where(eq(queueIntegrations.id, id)))[0];

describe("one ticket at a time", () => {
  it("two messages arriving together: turns run in order, never at once, even with two runners", async () => {
    const env = await botSetup();
    const inFlight = new Map<number, number>();
    let overlap = false;
    const order: string[] = [];
    const hold = gate();
    registerBotProvider("webhook", {
      turn: async (c) => {
        const n = (inFlight.get(c.ticketId) ?? 0) + 1;
        inFlight.set(c.ticketId, n);
        if (n > 1) overlap = true;
        await hold.opened;
        order.push(`${c.ticketId}:${c.body}`);
        inFlight.set(c.ticketId, n - 1);
        return [{ type: "text", body: `re ${c.body}` }];
      },
    });
    const a = number();
    const b = number();
    const idA = await write(env, a, "a0");
    const idB = await write(env, b, "b0");
    await Promise.all([write(env, a, "a1"), write(env, a, "a2"), write(env, b, "b1")]);
    expect([(await turnsOf(idA)).length, (await turnsOf(idB)).length]).toEqual([3, 2]);
    // two runners (as the scheduler and an Inngest sweep would), four lanes each
    const runners = Promise.all([drainBotTurns(db()), drainBotTurns(db())]);
    // both tickets start side by side; neither runs a second turn while its first is held
    await expect.poll(() => inFlight.get(idA) === 1 && inFlight.get(idB) === 1).toBe(true);
    hold.open();
    await runners;
    expect(overlap).toBe(false);
    const turnOrder = (id: number) => order.filter((o) => o.startsWith(`${id}:`)).map((o) => o.split(":")[1]);
    // each ticket's turns ran in id order (the order they were written), each answering its own message
    const inTurnOrder = async (id: number) => {
      const byId = new Map((await botRowsOf(id)).map((m) => [m.id, m.body]));
      return (await turnsOf(id)).map((t) => byId.get(t.messageId!));
    };
    expect(turnOrder(idA)).toEqual(await inTurnOrder(idA));
    expect(turnOrder(idA)[0]).toBe("a0");
    expect(turnOrder(idB)).toEqual(["b0", "b1"]);
    expect(await botSaid(idA)).toEqual(turnOrder(idA).map((b) => `re ${b}`));
    expect((await turnsOf(idA)).every((t) => t.status === "done" && t.attempts === 1)).toBe(true);
  });

  it("a runner that died mid-turn: its lease runs out and another runner takes the turn over", async () => {
    const env = await botSetup();
    let calls = 0;
    registerBotProvider("webhook", { turn: async (c) => (calls++, [{ type: "text", body: `ok ${c.body}` }]) });
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "depois");
    // the crashed runner: claimed, never finished
    const crashed = await claimTurn(db());
    expect(crashed).toMatchObject({ ticketId: id, attempts: 1 });
    // while its lease holds, nothing of this ticket runs (not even the second turn)
    expect(await drainBotTurns(db())).toMatchObject({ ran: 0 });
    const later = new Date(Date.now() + TURN_LEASE_MS + 1000);
    const r = await drainBotTurns(db(), { now: () => later });
    expect(r.ran).toBe(2);
    expect(calls).toBe(2);
    expect((await turnsOf(id)).map((t) => [t.status, t.attempts])).toEqual([
      ["done", 2],
      ["done", 1],
    ]);
    expect(await botSaid(id)).toEqual(["ok Oi", "ok depois"]);
  });
});

describe("failures and agents", () => {
  it("a throw fails the turn, shows the error on the integration, hands the ticket to an agent; a later success clears it", async () => {
    const env = await botSetup();
    registerBotProvider("webhook", {
      turn: async (c) => {
        if (c.body === "quebra") throw new Error("HTTP 500 from the webhook");
        return [{ type: "text", body: "certo" }];
      },
    });
    const id = await write(env, number(), "quebra");
    await drain();
    expect(await turnsOf(id)).toMatchObject([{ status: "failed", error: "HTTP 500 from the webhook" }]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queueId, userId: null, useIntegration: false, integrationId: null, lastMessage: "quebra" });
    expect(await integrationOf(env.integrationId!)).toMatchObject({ lastError: "HTTP 500 from the webhook" });
    expect((await integrationOf(env.integrationId!)).lastErrorAt).toBeInstanceOf(Date);
    // the admins' open integrations screen hears it
    const told = published.filter((e) => e.event === "queueIntegration").map((e) => e.data as { queueIntegration: { id: number; lastError: string | null } });
    expect(told.at(-1)?.queueIntegration).toMatchObject({ id: env.integrationId, lastError: "HTTP 500 from the webhook" });
    const ok = await write(env, number(), "tudo certo");
    await drain();
    expect(await botSaid(ok)).toEqual(["certo"]);
    expect(await integrationOf(env.integrationId!)).toMatchObject({ lastError: null, lastErrorAt: null });
  });

  it("a provider past the time limit is aborted and the ticket goes to an agent", async () => {
    const env = await botSetup();
    turnLimits.timeoutMs = 200;
    let signal: AbortSignal | undefined;
    registerBotProvider("webhook", {
      turn: (c: BotContext) => {
        signal = c.signal;
        return new Promise(() => {});
      },
    });
    const id = await write(env, number(), "demora");
    await drain();
    expect(signal?.aborted).toBe(true);
    expect((await turnsOf(id))[0]).toMatchObject({ status: "failed" });
    expect((await turnsOf(id))[0].error).toMatch(/did not answer/);
    expect(await ticket(id)).toMatchObject({ useIntegration: false, status: "pending" });
  });

  it("no provider for the integration's type fails the turn the same way", async () => {
    const env = await botSetup();
    registerBotProvider("webhook", { turn: async () => [] });
    const id = await write(env, number(), "Oi");
    await db().update(queueIntegrations).set({ type: "typebot" }).where(eq(queueIntegrations.id, env.integrationId!));
    await drain();
    expect((await turnsOf(id))[0]).toMatchObject({ status: "failed", error: "no bot provider for typebot" });
    expect(await ticket(id)).toMatchObject({ useIntegration: false });
  });

  it("an agent accepting ends the bot's turn: pending turns are done without a call, a running one sends nothing more", async () => {
    const env = await botSetup();
    const hold = gate();
    const started = gate();
    let calls = 0;
    registerBotProvider("webhook", {
      turn: async () => {
        calls++;
        started.open();
        await hold.opened;
        return [{ type: "text", body: "tarde demais" }];
      },
    });
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "alguém?");
    const running = drain();
    await started.opened;
    await db().update(tickets).set({ status: "open", userId: env.agent.id }).where(eq(tickets.id, id));
    hold.open();
    await running;
    expect(calls).toBe(1);
    expect(await botSaid(id)).toEqual([]);
    expect((await turnsOf(id)).map((t) => t.status)).toEqual(["done", "done"]);
    expect(await db().select().from(botTurns).where(eq(botTurns.status, "pending"))).toEqual([]);
  });
});
