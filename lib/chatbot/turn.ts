import { rawClient, type Db } from "@/db";
import type { BotTarget } from "@/lib/bots/types";
import { generateWid } from "@/lib/messages/generate-wid";
import { messageCreatedEvent } from "@/lib/messages/message-view";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { placeOf, ticketSummaryEvents } from "@/lib/tickets/ticket-summary";
import { botMessageView } from "./queue-bot-message";
import { writeTurnRow, type TurnArgs, type TurnRow } from "./turn-statement";
import type { BotTicket } from "./state";

/** What the bot may change on a ticket. */
export type BotPatch = Partial<
  Pick<BotTicket, "queueId" | "queueOptionId" | "chatbot" | "amountUsedBotQueues" | "useIntegration" | "integrationId" | "promptId">
>;

/** A conversation handed to a bot provider: a durable bot turn written with the turn (lib/bots/runner). */
export type HandOff = { target: BotTarget; isFirst: boolean };

/** The outcome of writing a turn: its events, or a conflict (the ticket changed since it was read). */
export type TurnWrite = { conflict: false; events: RealtimeEvent[]; /** the ticket's updated_at after the write; null: nothing written */ updatedAt: Date | null } | { conflict: true };

/** What a turn writes (turn-statement.ts: write_bot_turn's arguments beside the compare-and-set). */
export type TurnPlan = {
  /** the changed fields under their BotPatch names, an unset one as null */
  patch: Record<string, unknown>;
  /** the outbox rows of what it says, in order */
  out: { wid: string; body: string }[];
  moved: boolean;
  handOff: HandOff | null;
  now: Date;
};

export type Turn = ReturnType<typeof createTurn>;

/**
 * One run of the bot over the ticket as read (`loadBotState`): what it says and how it moves the
 * ticket, both written by `finish` in ONE statement that applies only if the ticket's bot fields,
 * status and user are still what was read (compare-and-set). Two messages of one customer arriving
 * together: one turn wins, the other reads again and runs on the new state (one menu, never two).
 * A turn decided before its message is stored (ahead.ts) is written by the message's own statement
 * instead: `plan` says what to write, `written` makes the events of what was.
 */
export function createTurn(db: Db, read: BotTicket, now: Date, { messageId = null }: { messageId?: number | null } = {}) {
  const before = placeOf(read.companyId, read);
  const ticket = { ...read };
  const patch: BotPatch = {};
  const texts: string[] = [];
  let handOff: HandOff | null = null;
  let out: TurnPlan["out"] | null = null;

  function plan(): TurnPlan | null {
    const moved = ticket.queueId !== before.queueId;
    // a hand-off alone still runs the compare-and-set: its bot turn is written only on the ticket as read
    if (!Object.keys(patch).length && !texts.length && !moved && !handOff) return null;
    // the wids are made once: the plan of a turn decided ahead is the one written
    out ??= texts.map((body) => ({ wid: generateWid(), body }));
    // a field set to undefined is written as null (in JSON its key would vanish, leaving the column as it was)
    return { patch: Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v ?? null])), out, moved, handOff, now };
  }

  /** The events of the written turn, over `base`: the ticket as the write found it (the one read, unless given). */
  function written(row: TurnRow, base: BotTicket = read): TurnWrite {
    if (!row.matched) return { conflict: true };
    const p = plan()!;
    const after = { ...base, ...patch };
    const said = (row.ids ?? []).map((id, i) => {
      const wid = row.wids![i];
      return botMessageView(base.id, Number(id), wid, p.out.find((m) => m.wid === wid)!.body, row.createdAt?.[i] ?? new Date());
    });
    const summary = {
      id: after.id,
      uuid: after.uuid,
      status: after.status,
      queueId: after.queueId,
      userId: after.userId,
      unreadMessages: after.unreadMessages,
      lastMessage: after.lastMessage,
      updatedAt: new Date(row.updatedAt!),
      isGroup: after.isGroup,
      whatsappId: after.whatsappId,
      // entering a bot's queue sets them: the lists show the bot icon
      useIntegration: after.useIntegration,
      promptId: after.promptId,
      integrationId: after.integrationId,
      contact: { id: after.contactId, name: after.contactName, number: after.contactNumber, profilePicUrl: after.contactPic },
    };
    const place = placeOf(after.companyId, summary);
    const events = [...(p.moved ? ticketSummaryEvents(after.companyId, summary, before) : []), ...said.map((m) => messageCreatedEvent(place, m, false))];
    return { conflict: false, events, updatedAt: summary.updatedAt };
  }

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
    plan,
    written,
    /**
     * The turn's writes, in ONE call of write_bot_turn (migration 0013; turn-statement.ts shares a
     * statement with the turns written meanwhile): the ticket's changes, only if what the
     * decision read is still there (status, user, queue, option, bot flag and counter, integration
     * flag), the outbox rows of what it said (fromMe, no user, pending, a WhatsApp-like wid) and a
     * hand-off's bot turn, inserted only with it. Nothing to write: no events; the ticket changed
     * meanwhile: a conflict.
     */
    async finish(): Promise<TurnWrite> {
      const p = plan();
      if (!p) return { conflict: false, events: [], updatedAt: null };
      return written(await writeTurnRow(rawClient(db), turnArgs(read, p, messageId)));
    },
  };
}

/** write_bot_turn's arguments for a turn planned over the ticket `read`. */
export function turnArgs(read: BotTicket, p: TurnPlan, messageId: number | null): TurnArgs {
  const h = p.handOff;
  return {
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
    patch: p.patch,
    said_at: p.out.length ? p.now.toISOString() : null,
    moved: p.moved,
    wids: p.out.map((m) => m.wid),
    bodies: p.out.map((m) => m.body),
    target_kind: h?.target.kind ?? null,
    target_id: h ? (h.target.kind === "prompt" ? h.target.promptId : h.target.integrationId) : null,
    is_first: h?.isFirst ?? false,
    message: messageId,
  };
}
