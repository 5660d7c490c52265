import type postgres from "postgres";
import { rawClient, type Db } from "@/db";
import { PREPARE } from "@/db/prepared-query";
import type { BotTarget } from "@/lib/bots/types";
import { generateWid } from "@/lib/messages/generate-wid";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { placeOf, ticketSummaryEvents } from "@/lib/tickets/ticket-summary";
import { botMessageView } from "./queue-bot-message";
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

const COLUMNS: Record<keyof BotPatch, string> = {
  queueId: "queue_id",
  queueOptionId: "queue_option_id",
  chatbot: "chatbot",
  amountUsedBotQueues: "amount_used_bot_queues",
  useIntegration: "use_integration",
  integrationId: "integration_id",
  promptId: "prompt_id",
};

type Written = { matched: boolean; id: string | number | null; wid: string | null; createdAt: Date | null; updatedAt: Date | null };

/**
 * The turn's writes as ONE statement (the bot may answer most inbound messages of a busy
 * connection; every statement counts): the ticket's changes, only if what the decision read is
 * still there (status, user, queue, option, bot flag and counter, integration flag), and the outbox
 * rows of what it said (fromMe, no user, pending, a WhatsApp-like wid), inserted only with it.
 * Answers null when there is nothing to write, "conflict" when the ticket changed meanwhile.
 */
async function writeTurn(
  db: Db,
  read: BotTicket,
  w: { patch: BotPatch; texts: string[]; now: Date; moved: boolean; handOff: HandOff | null; messageId: number | null },
) {
  // raw text and parameters (drizzle's sql builder was a tenth of this process's CPU on the ingest
  // benchmark): a handful of shapes, each prepared once per connection
  const params: unknown[] = [];
  const $ = (v: unknown) => `$${params.push(v)}`;
  const sets = (Object.keys(w.patch) as (keyof BotPatch)[]).map((k) => `${COLUMNS[k]} = ${$(w.patch[k] ?? null)}`);
  if (w.texts.length) sets.push(`last_bot_message_at = ${$(w.now.toISOString())}::timestamptz`);
  if (w.moved) sets.push("updated_at = now()");
  // a hand-off alone still runs the compare-and-set: its bot turn is written only on the ticket as read
  if (!sets.length && w.handOff) sets.push("use_integration = use_integration");
  if (!sets.length) return null;
  const where = [
    `id = ${$(read.id)} and company_id = ${$(read.companyId)}`,
    `status = ${$(read.status)} and user_id is not distinct from ${$(read.userId)}::int`,
    `queue_id is not distinct from ${$(read.queueId)}::int and queue_option_id is not distinct from ${$(read.queueOptionId)}::int`,
    `chatbot = ${$(read.chatbot)} and amount_used_bot_queues = ${$(read.amountUsedBotQueues)} and use_integration = ${$(read.useIntegration)}`,
  ];
  const out = w.texts.map((body) => ({ wid: generateWid(), body }));
  const inserted = out.length
    ? `, m as (
      insert into messages (company_id, ticket_id, whatsapp_id, wid, body, from_me, read, send_status, ack)
      select ${$(read.companyId)}::int, ${$(read.id)}::int, ${$(read.whatsappId)}::int, x.wid, x.body, true, true, 'pending', 0
      from (values ${out.map((m, i) => `(${$(m.wid)}::text, ${$(m.body)}::text, ${i})`).join(", ")}) as x (wid, body, n)
      where exists (select 1 from u)
      order by x.n
      returning id, wid, created_at
    )`
    : "";
  const h = w.handOff;
  const botTurn = h
    ? `, b as (
      insert into bot_turns (company_id, ticket_id, message_id, target_kind, target_id, is_first)
      select ${$(read.companyId)}::int, ${$(read.id)}::int, ${$(w.messageId)}::bigint, ${$(h.target.kind)}::text,
        ${$(h.target.kind === "prompt" ? h.target.promptId : h.target.integrationId)}::int, ${$(h.isFirst)}::boolean
      where exists (select 1 from u)
    )`
    : "";
  const text = `
    with u as (
      update tickets set ${sets.join(", ")}
      where ${where.join(" and ")}
      returning updated_at
    )${inserted}${botTurn}
    select exists (select 1 from u) as matched, (select updated_at from u) as "updatedAt", ${
      out.length ? `m.id, m.wid, m.created_at as "createdAt" from (select 1) one left join m on true order by m.id` : `null::bigint as id, null::text as wid, null::timestamptz as "createdAt"`
    }`;
  const rows = await rawClient(db).unsafe<Written[]>(text, params as postgres.ParameterOrJSON<never>[], { prepare: PREPARE });
  if (!rows[0]?.matched) return "conflict" as const;
  const said: MessageView[] = rows
    .filter((r) => r.id !== null && r.wid !== null)
    .map((r) => botMessageView(read.id, Number(r.id), r.wid!, out.find((m) => m.wid === r.wid)!.body, r.createdAt ?? new Date()));
  return { updatedAt: new Date(rows[0].updatedAt ?? Date.now()), said };
}
