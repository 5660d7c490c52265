import type { BotAction } from "@/lib/bots/types";

/** A single wait the runner sleeps at most (Typebot's delay between bubbles is about a second). */
export const MAX_WAIT_MS = 5_000;
/** All the waits of one turn together, at most (the turn's lease is 60 s). */
export const MAX_TURN_WAIT_MS = 20_000;

/** What carrying out a turn's actions needs (the runner's writes; tests pass fakes). */
export type ActionDeps = {
  /** writes one outgoing message; false when the bot no longer holds the ticket */
  send(a: Extract<BotAction, { type: "text" | "media" | "voice" }>): Promise<boolean>;
  /** extends the turn's lease, then sleeps `ms`; false when the turn is no longer ours */
  wait(ms: number): Promise<boolean>;
  /** the ticket goes to the agents (pending in its queue, no bot) */
  handoff(): Promise<void>;
  /** the provider's conversation is over: its session forgotten, the ticket stays with the bot */
  end(): Promise<void>;
};

export type ActionsOutcome = { sent: number; outcome: "done" | "handoff" | "end" | "released" };

/**
 * Carries out a provider's actions in order. Blank texts are skipped; a wait sleeps at most
 * MAX_WAIT_MS, and all waits of a turn at most MAX_TURN_WAIT_MS (the rest is skipped, not slept);
 * `handoff` and `end` finish the turn (what came before them was sent, nothing after them is
 * carried out). A write refused because the bot no longer holds the ticket (an agent accepted it
 * meanwhile) stops the turn: "released".
 */
export async function carryOut(actions: BotAction[], deps: ActionDeps): Promise<ActionsOutcome> {
  let sent = 0;
  let waited = 0;
  for (const a of actions) {
    switch (a.type) {
      case "text":
        if (!a.body?.trim()) continue;
        if (!(await deps.send(a))) return { sent, outcome: "released" };
        sent++;
        break;
      case "media":
      case "voice":
        if (!a.data?.length) continue;
        if (!(await deps.send(a))) return { sent, outcome: "released" };
        sent++;
        break;
      case "wait": {
        const ms = Math.max(0, Math.min(Number(a.ms) || 0, MAX_WAIT_MS, MAX_TURN_WAIT_MS - waited));
        if (ms <= 0) continue;
        waited += ms;
        if (!(await deps.wait(ms))) return { sent, outcome: "released" };
        break;
      }
      case "handoff":
        await deps.handoff();
        return { sent, outcome: "handoff" };
      case "end":
        await deps.end();
        return { sent, outcome: "end" };
    }
  }
  return { sent, outcome: "done" };
}
