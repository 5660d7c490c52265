import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { getBotProvider } from "@/lib/bots/registry";
import type { BotAction, BotContext } from "@/lib/bots/types";
import { saveMedia } from "@/lib/storage";
import { carryOut } from "./actions";
import { extendLease, finishTurn, MAX_TURN_ATTEMPTS, type ClaimedTurn } from "./claim";
import { loadHeldTicket, releaseTicket, type HeldTicket } from "./hold";
import { sendBotMessage } from "./outbox";
import { clearSession, loadSession } from "./session";
import { loadTarget, recordTargetError } from "./target";

/** How long a provider may take for one customer message (issue 17: 20 s). */
export const TURN_TIMEOUT_MS = 20_000;
/** The bound the runner uses (a test lowers it to see a timeout without waiting 20 s). */
export const turnLimits = { timeoutMs: TURN_TIMEOUT_MS };

export type TurnOutcome = "done" | "handoff" | "end" | "released" | "skipped" | "failed";

/**
 * Runs one claimed turn: when the bot still holds the ticket (else the turn is done without a
 * call: an agent accepted it, it was transferred or closed), the provider answers the customer's
 * message with actions, carried out in order (runner/actions.ts). A failure (a throw, the 20 s
 * timeout, no provider, the prompt or integration gone, too many claims) fails the turn with its
 * error, shows it on the prompt or integration, and hands the ticket to an agent: the customer's
 * message is in the ticket and an agent answers it.
 */
export async function runTurn(db: Db, turn: ClaimedTurn): Promise<TurnOutcome> {
  const ticket = await loadHeldTicket(db, turn);
  if (!ticket) {
    await finishTurn(db, turn.id, turn.attempts);
    return "skipped";
  }
  try {
    if (turn.attempts > MAX_TURN_ATTEMPTS) throw new Error(`gave up after ${MAX_TURN_ATTEMPTS} attempts (the runner stopped each time)`);
    const actions = await askProvider(db, turn, ticket);
    const { outcome } = await carryOut(actions, {
      send: async (a) => sendBotMessage(db, turn, await outgoing(turn.companyId, a)),
      wait: async (ms) => {
        if (!(await extendLease(db, turn.id, turn.attempts))) return false;
        await new Promise((r) => setTimeout(r, ms));
        return true;
      },
      handoff: async () => void (await releaseTicket(db, turn)),
      end: () => clearSession(db, turn),
    });
    await recordTargetError(db, turn, null);
    await finishTurn(db, turn.id, turn.attempts);
    return outcome;
  } catch (err) {
    const error = (err as Error)?.message || String(err);
    console.error(`[bots] turn ${turn.id} of ticket ${turn.ticketId} failed: ${error}`);
    await finishTurn(db, turn.id, turn.attempts, error);
    await recordTargetError(db, turn, error);
    await releaseTicket(db, turn);
    return "failed";
  }
}

/** The provider's actions for this turn, within the time limit (its signal is aborted then). */
async function askProvider(db: Db, turn: ClaimedTurn, ticket: HeldTicket): Promise<BotAction[]> {
  const target = await loadTarget(db, turn);
  if (!target) throw new Error(`the ${turn.targetKind} ${turn.targetId} no longer exists`);
  const provider = getBotProvider(target);
  if (!provider) throw new Error(`no bot provider for ${target.kind === "prompt" ? "prompts" : target.type}`);
  const message = await loadMessage(db, turn);
  const controller = new AbortController();
  const ms = turnLimits.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`the bot did not answer within ${ms / 1000} s`);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  const context: BotContext = {
    db,
    companyId: turn.companyId,
    ticketId: turn.ticketId,
    queueId: ticket.queueId ?? 0,
    target,
    contact: { number: ticket.contactNumber, name: ticket.contactName },
    body: message?.body ?? "",
    mediaType: message?.mediaType ?? null,
    mediaPath: message?.mediaUrl ?? null,
    isFirst: turn.isFirst,
    messageId: turn.messageId,
    session: await loadSession(db, turn),
    signal: controller.signal,
  };
  try {
    const actions = await Promise.race([provider.turn(context), timeout]);
    if (!Array.isArray(actions)) throw new Error("the bot answered no list of actions");
    return actions;
  } finally {
    clearTimeout(timer);
  }
}

async function loadMessage(db: Db, turn: ClaimedTurn) {
  if (turn.messageId === null) return null;
  const [row] = (await db.execute(sql`
    select body, media_type as "mediaType", media_url as "mediaUrl" from messages
    where id = ${turn.messageId} and ticket_id = ${turn.ticketId} and company_id = ${turn.companyId}`)) as unknown as {
    body: string;
    mediaType: string | null;
    mediaUrl: string | null;
  }[];
  return row ?? null;
}

/** A send action as an outgoing message: files are stored first (lib/storage), a voice as a ptt audio. */
async function outgoing(companyId: number, a: Extract<BotAction, { type: "text" | "media" | "voice" }>) {
  if (a.type === "text") return { body: a.body.trim() };
  if (a.type === "media") {
    const stored = await saveMedia(companyId, a.data, { mimetype: a.mimetype, filename: a.filename || "file" });
    return { body: a.caption?.trim() ?? "", media: stored };
  }
  const ext = a.mimetype.includes("ogg") ? "ogg" : a.mimetype.includes("mpeg") ? "mp3" : a.mimetype.includes("wav") ? "wav" : "audio";
  const stored = await saveMedia(companyId, a.data, { mimetype: a.mimetype, filename: `voice.${ext}` });
  return { body: "", media: { ...stored, ptt: true } };
}
