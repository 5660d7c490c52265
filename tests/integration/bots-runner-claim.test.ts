// The claim rules of bot turns (lib/bots/runner/claim.ts) on a real database: a ticket's oldest
// unfinished turn only, due ones only, one ticket when asked, and a turn that keeps killing its
// runner given up (the ticket then goes to an agent).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { botTurns } from "@/db/schema";
import { registerBotProvider } from "@/lib/bots/registry";
import { claimTurn, MAX_TURN_ATTEMPTS, TURN_LEASE_MS } from "@/lib/bots/runner/claim";
import { drainBotTurns } from "@/lib/bots/runner/drain";
import { db, installChatbotHooks, number, ticket, write } from "../helpers/chatbot-env";
import { botSetup, turnsOf } from "./bots-runner-env";

installChatbotHooks();

describe("claimTurn", () => {
  it("takes each ticket's oldest unfinished turn, oldest first, and not before it is due", async () => {
    const env = await botSetup();
    registerBotProvider("webhook", { turn: async () => [] });
    const a = number();
    const idA = await write(env, a, "a0");
    await write(env, a, "a1");
    const idB = await write(env, number(), "b0");
    const [a0, a1] = await turnsOf(idA);
    const [b0] = await turnsOf(idB);
    // a not-yet-due head holds its ticket's later turns back too
    await db().update(botTurns).set({ dueAt: new Date(Date.now() + 60_000) }).where(eq(botTurns.id, a0.id));
    expect(await claimTurn(db())).toMatchObject({ id: b0.id, attempts: 1 });
    expect(await claimTurn(db())).toBeNull();
    await db().update(botTurns).set({ dueAt: new Date() }).where(eq(botTurns.id, a0.id));
    // one ticket when asked
    expect(await claimTurn(db(), { ticketId: idB })).toBeNull();
    expect(await claimTurn(db(), { ticketId: idA })).toMatchObject({ id: a0.id, isFirst: true, messageId: a0.messageId });
    // a0 is running: a1 waits for it
    expect(await claimTurn(db())).toBeNull();
    await db().update(botTurns).set({ status: "done" }).where(eq(botTurns.id, a0.id));
    expect(await claimTurn(db())).toMatchObject({ id: a1.id, isFirst: false });
  });

  it("judges due by the database's clock too: a turn written this very millisecond is claimed", async () => {
    const env = await botSetup();
    registerBotProvider("webhook", { turn: async () => [] });
    const id = await write(env, number(), "agora");
    const [turn] = await turnsOf(id);
    // the caller's clock a second behind (or in the same millisecond, truncated below the due_at's microseconds)
    expect(await claimTurn(db(), { now: new Date(turn.dueAt.getTime() - 1000) })).toMatchObject({ id: turn.id, attempts: 1 });
  });

  it("a turn whose runners keep dying is given up after the last attempt and the ticket goes to an agent", async () => {
    const env = await botSetup();
    let calls = 0;
    registerBotProvider("webhook", { turn: async () => (calls++, []) });
    const id = await write(env, number(), "Oi");
    let at = Date.now();
    for (let i = 1; i <= MAX_TURN_ATTEMPTS; i++) {
      expect(await claimTurn(db(), { ticketId: id, now: new Date(at) })).toMatchObject({ attempts: i });
      at += TURN_LEASE_MS + 1000;
    }
    await drainBotTurns(db(), { ticketId: id, now: () => new Date(at) });
    expect(calls).toBe(0);
    expect((await turnsOf(id))[0]).toMatchObject({ status: "failed", attempts: MAX_TURN_ATTEMPTS + 1 });
    expect((await turnsOf(id))[0].error).toMatch(/gave up/);
    expect(await ticket(id)).toMatchObject({ status: "pending", useIntegration: false });
  });
});
