// Bot turns through the whole path (issue 17 §3): the customer writes (real ingest), the chatbot
// writes a durable turn, the runner asks the stub provider and carries out its actions in order.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botSessions, tickets } from "@/db/schema";
import { registerBotProvider, type BotContext } from "@/lib/bots/registry";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { botRows, botSaid, db, installChatbotHooks, listEvents, number, ticket, write } from "../helpers/chatbot-env";
import { botSetup, drain, turnsOf } from "./bots-runner-env";

installChatbotHooks();
beforeAll(() => {
  process.env.STORAGE_DIR = mkdtempSync(path.join(os.tmpdir(), "bots-media-"));
});
afterAll(() => {
  delete process.env.STORAGE_DIR;
});

describe("bot turns", () => {
  it("ingest only writes the turn; the runner answers with texts, waits and media, in order", async () => {
    const env = await botSetup();
    const seen: BotContext[] = [];
    registerBotProvider("webhook", {
      turn: async (c) => {
        seen.push(c);
        return [
          { type: "text", body: `1: ${c.body}` },
          { type: "wait", ms: 20 },
          { type: "text", body: "   " },
          { type: "media", data: new Uint8Array([1, 2, 3]), mimetype: "image/png", filename: "a.png", caption: "foto" },
          { type: "voice", data: new Uint8Array([4, 5]), mimetype: "audio/ogg" },
          { type: "text", body: "2" },
        ];
      },
    });
    const from = number();
    const id = await write(env, from, "Oi");
    expect(seen).toHaveLength(0);
    expect(await turnsOf(id)).toMatchObject([{ status: "pending", isFirst: true, targetKind: "integration", targetId: env.integrationId }]);
    await drain();
    const rows = await botRows(id);
    expect(rows.map((r) => [r.body, r.mediaType, r.sendStatus])).toEqual([
      ["1: Oi", null, "pending"],
      ["foto", "image", "pending"],
      ["", "audio", "pending"],
      ["2", null, "pending"],
    ]);
    expect(rows[2].dataJson).toMatchObject({ media: { mimetype: "audio/ogg", ptt: true } });
    // the worker sends the voice as a voice note (ptt), the image as a file
    const claimed = await claimOutbox(db(), env.whatsappId);
    expect(claimed.filter((c) => c.ticketId === id).map((c) => c.message.media?.ptt ?? null)).toEqual([null, null, true, null]);
    expect(rows[1].mediaUrl).toMatch(new RegExp(`^${env.companyId}/`));
    expect(seen[0]).toMatchObject({ ticketId: id, queueId: env.queueId, isFirst: true, body: "Oi", contact: { number: from } });
    expect(seen[0].signal?.aborted).toBe(false);
    expect(await turnsOf(id)).toMatchObject([{ status: "done", attempts: 1, error: null }]);
    // the next message is a turn of its own, not the first
    await write(env, from, "Tudo bem?");
    await drain();
    expect(seen.map((c) => [c.isFirst, c.body])).toEqual([
      [true, "Oi"],
      [false, "Tudo bem?"],
    ]);
  });

  it("a session is kept between turns until `end`; `handoff` gives the ticket to the agents", async () => {
    const env = await botSetup("prompt");
    const bodies: unknown[] = [];
    registerBotProvider("openai", {
      turn: async (c) => {
        bodies.push(c.session?.data);
        const n = Number(c.session?.data.n ?? 0) + 1;
        await c.session?.save({ n });
        if (c.body === "fim") return [{ type: "text", body: "Até logo" }, { type: "end" }, { type: "text", body: "never" }];
        if (c.body === "humano") return [{ type: "text", body: "Chamando um atendente" }, { type: "handoff" }, { type: "text", body: "never" }];
        return [{ type: "text", body: `turno ${n}` }];
      },
    });
    const from = number();
    const id = await write(env, from, "Oi");
    await drain();
    await write(env, from, "fim");
    await drain();
    expect(await db().select().from(botSessions).where(eq(botSessions.ticketId, id))).toEqual([]);
    await write(env, from, "de novo");
    await drain();
    expect(bodies).toEqual([{}, { n: 1 }, {}]);
    // end keeps the ticket with the bot
    expect(await ticket(id)).toMatchObject({ useIntegration: true, promptId: env.promptId });
    await write(env, from, "humano");
    await drain();
    expect(await botSaid(id)).toEqual(["turno 1", "Até logo", "turno 1", "Chamando um atendente"]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queueId, userId: null, useIntegration: false, promptId: null, chatbot: false });
    expect(await db().select().from(botSessions).where(eq(botSessions.ticketId, id))).toEqual([]);
    expect(listEvents("update").some((e) => (e.data as { ticket: { id: number; useIntegration?: boolean } }).ticket.useIntegration === false)).toBe(true);
    // the agents have it now: the bot is not asked again
    await write(env, from, "alô?");
    await drain();
    expect(bodies).toHaveLength(4);
  });

  it("an expired session is forgotten", async () => {
    const env = await botSetup();
    const seen: unknown[] = [];
    registerBotProvider("webhook", {
      turn: async (c) => {
        seen.push(c.session?.data);
        await c.session?.save({ at: c.body }, new Date(Date.now() - 1000));
        return [];
      },
    });
    const from = number();
    await write(env, from, "a");
    await drain();
    await write(env, from, "b");
    await drain();
    expect(seen).toEqual([{}, {}]);
  });

  it("the embedded scheduler runs a turn as soon as ingest writes it", async () => {
    const env = await botSetup();
    registerBotProvider("webhook", { turn: async (c) => [{ type: "text", body: `eco ${c.body}` }] });
    // a timer far away: only the wake can run the turn in time
    const scheduler = createEmbeddedScheduler({ db, intervalMs: 3_600_000, botTurnsEveryMs: 3_600_000, log: () => {} });
    scheduler.start();
    try {
      const id = await write(env, number(), "rápido");
      await expect.poll(() => botSaid(id), { timeout: 10_000 }).toEqual(["eco rápido"]);
    } finally {
      await scheduler.stop();
    }
  });

  it("a connection's own bot takes the tickets of its queues that have none", async () => {
    const env = await botSetup("integration", "connection");
    registerBotProvider("webhook", { turn: async (c) => [{ type: "text", body: `conexão: ${c.body}` }] });
    const id = await write(env, number(), "Oi");
    expect(await ticket(id)).toMatchObject({ queueId: env.queueId, useIntegration: true, integrationId: env.integrationId });
    await drain();
    expect((await botSaid(id)).at(-1)).toBe("conexão: Oi");
    await db().update(tickets).set({ status: "closed" }).where(eq(tickets.id, id));
  });
});
