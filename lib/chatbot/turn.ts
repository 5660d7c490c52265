import { rawClient, type Db } from "@/db";
import type { BotTarget } from "@/lib/bots/types";
import { generateWid } from "@/lib/messages/generate-wid";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { placeOf, ticketSummaryEvents } from "@/lib/tickets/ticket-summary";
import { botMessageView } from "./queue-bot-message";
import { writeTurnRow } from "./turn-statement";
import type { BotTicket } from "./state";

/** What the bot may change on a ticket. */
export type BotPatch = Partial<
  Pick<BotTicket, "queueId" | "queueOptionId" | "chatbot" | "amountUsedBotQueues" | "useIntegration" | "integrationId" | "promptId">
>;

/** A conversation handed to a bot provider: a durable bot turn written with the turn (lib/bots/runner). */
export type HandOff = { target: BotTarget; isFirst: boolean };

/** The outcome of writing a turn: its events, or a conflict (the ticket changed since it was read). */
export type TurnWrite = { conflict: false; events: RealtimeEvent[] } | { conflict: true };

export type Turn = ReturnType<typeof createTurn>;

/**
 * One run of the bot over the ticket as read (`loadBotState`): what it says and how it moves the
 * ticket, both written by `finish` in ONE statement that applies only if the ticket's bot fields,
 * status and user are still what was read (compare-and-set). Two messages of one customer arriving
 * together: one turn wins, the other reads again and runs on the new state (one menu, never two).
 */
export function createTurn(db: Db, read: BotTicket, now: Date, { messageId = null }: { messageId?: number | null } = {}) {
  const before = placeOf(read.companyId, read);
  const ticket = { ...read };
  const patch: BotPatch = {};
  const texts: string[] = [];
  let handOff: HandOff | null = null;

  return {
    db,
    now,
    /** the ticket with this turn's changes applied */
    ticket: ticket as Readonly<BotTicket>,
    set(p: BotPatch) {
      Object.assign(patch, p);
      Object.assign(ticket, p);
    },
    /** Sends a message (a blank one is skipped); written with the ticket's changes by `finish`. */
    say(body: string | null | undefined) {
      const text = body?.trim();
      if (text && ticket.whatsappId !== null) texts.push(text);
    },
    handOff(h: HandOff) {
      handOff = h;
    },
    get pendingHandOff() {
      return handOff;
    },
    /** whether the turn wrote outbox rows (the worker is woken afterwards) */
    get hasSaid() {
      return texts.length > 0;
    },
    async finish(): Promise<TurnWrite> {
      const moved = ticket.queueId !== before.queueId;
      const written = await writeTurn(db, read, { patch, texts, now, moved, handOff, messageId });
      if (written === "conflict") return { conflict: true };
      if (written === null) return { conflict: false, events: [] };
      const summary = {
        id: ticket.id,
        uuid: ticket.uuid,
        status: ticket.status,
        queueId: ticket.queueId,
        userId: ticket.userId,
        unreadMessages: ticket.unreadMessages,
        lastMessage: ticket.lastMessage,
        updatedAt: written.updatedAt,
        isGroup: ticket.isGroup,
        whatsappId: ticket.whatsappId,
        // entering a bot's queue sets them: the lists show the bot icon
        useIntegration: ticket.useIntegration,
        promptId: ticket.promptId,
        integrationId: ticket.integrationId,
        contact: { id: ticket.contactId, name: ticket.contactName, number: ticket.contactNumber, profilePicUrl: ticket.contactPic },
      };
      const after = placeOf(ticket.companyId, summary);
      const events = [...(moved ? ticketSummaryEvents(ticket.companyId, summary, before) : []), ...written.said.map((m) => messageCreatedEvent(after, m, false))];
      return { conflict: false, events };
    },
  };
}

type Written = { updatedAt: Date; said: MessageView[] };

/**
 * The turn's writes, in ONE call of write_bot_turn (migration 0013; lib/chatbot/turn-statement.ts,
 * which shares a statement with the turns written meanwhile): the ticket's changes, only if what the
 * decision read is still there (status, user, queue, option, bot flag and counter, integration flag),
 * the outbox rows of what it said (fromMe, no user, pending, a WhatsApp-like wid) and a hand-off's
 * bot turn, inserted only with it. Answers null when there is nothing to write, "conflict" when the
 * ticket changed meanwhile.
 */
async function writeTurn(
  db: Db,
  read: BotTicket,
  w: { patch: BotPatch; texts: string[]; now: Date; moved: boolean; handOff: HandOff | null; messageId: number | null },
): Promise<Written | "conflict" | null> {
  // a hand-off alone still runs the compare-and-set: its bot turn is written only on the ticket as read
  if (!Object.keys(w.patch).length && !w.texts.length && !w.moved && !w.handOff) return null;
  const out = w.texts.map((body) => ({ wid: generateWid(), body }));
  const h = w.handOff;
  const row = await writeTurnRow(rawClient(db), {
    ticket: read.id,
    company: read.companyId,
    whatsapp: read.whatsappId,
    contactNumber: read.contactNumber,
    status: read.status,
    user_id: read.userId,
    queue: read.queueId,
    option_id: read.queueOptionId,
    chatbot: read.chatbot,
    amount: read.amountUsedBotQueues,
    use_integration: read.useIntegration,
    // a field set to undefined is written as null (in JSON its key would vanish, leaving the column as it was)
    patch: Object.fromEntries(Object.entries(w.patch).map(([k, v]) => [k, v ?? null])),
    said_at: out.length ? w.now.toISOString() : null,
    moved: w.moved,
    wids: out.map((m) => m.wid),
    bodies: out.map((m) => m.body),
    target_kind: h?.target.kind ?? null,
    target_id: h ? (h.target.kind === "prompt" ? h.target.promptId : h.target.integrationId) : null,
    is_first: h?.isFirst ?? false,
    message: w.messageId,
  });
  if (!row?.matched) return "conflict";
  const said = (row.ids ?? []).map((id, i) => {
    const wid = row.wids![i];
    return botMessageView(read.id, Number(id), wid, out.find((m) => m.wid === wid)!.body, row.createdAt?.[i] ?? new Date());
  });
  return { updatedAt: new Date(row.updatedAt ?? Date.now()), said };
}
