// The Inngest functions of bot turns (issue 17 §3) on a real database: the event of one ticket runs
// that ticket's turns (only them); the every-minute sweep runs whatever is due.
import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { registerBotProvider } from "@/lib/bots/registry";
import { runBotTurnsEveryMinute, runBotTurnsOnEvent } from "@/lib/jobs/functions/bot-turns";
import { functions } from "@/lib/jobs/functions";
import { botSaid, installChatbotHooks, number, write } from "../helpers/chatbot-env";
import { botSetup, turnsOf } from "./bots-runner-env";

installChatbotHooks();

describe("bot turns on Inngest", () => {
  it("are served at /api/inngest", () => {
    expect(functions).toContain(runBotTurnsOnEvent);
    expect(functions).toContain(runBotTurnsEveryMinute);
  });

  it("bot/turn.created runs that ticket's turns in order; the sweep runs the rest", async () => {
    const env = await botSetup();
    registerBotProvider("webhook", { turn: async (c) => [{ type: "text", body: `re ${c.body}` }] });
    const a = number();
    const idA = await write(env, a, "a0");
    await write(env, a, "a1");
    const idB = await write(env, number(), "b0");
    const { result } = await new InngestTestEngine({
      function: runBotTurnsOnEvent,
      events: [{ name: "bot/turn.created", data: { companyId: env.companyId, ticketId: idA } }],
    }).execute();
    expect(result).toEqual({ ran: 2 });
    expect(await botSaid(idA)).toEqual(["re a0", "re a1"]);
    expect((await turnsOf(idB))[0].status).toBe("pending");
    const sweep = await new InngestTestEngine({ function: runBotTurnsEveryMinute }).execute();
    expect(sweep.result).toEqual({ ran: 1 });
    expect(await botSaid(idB)).toEqual(["re b0"]);
    // nothing left: a second sweep runs nothing
    expect((await new InngestTestEngine({ function: runBotTurnsEveryMinute }).execute()).result).toEqual({ ran: 0 });
  });
});
