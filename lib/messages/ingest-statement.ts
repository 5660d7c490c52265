import { jsonRecords, perRecord } from "@/db/batched-statement";
import { AHEAD_ARGS, AHEAD_COLUMNS, aheadJoin, aheadValues, type AheadArgName, type AheadArgs, type AheadRow } from "@/lib/chatbot/ahead-statement";
import type { BotTicket } from "@/lib/chatbot/state";

// The whole inbound write as ONE prepared statement (one round trip, one transaction; messages
// arriving together share one: INGEST_BATCH_SQL, lib/messages/ingest-batch.ts): the
// function ingest_message (db/migrations/0011_ingest_function.sql) does the writes (contact,
// ticket, tracking, message, webhook outbox rows) and answers the IngestRow fields; this statement
// adds what the hooks after it would each read (issue 19: those reads were two round trips of every
// message): only while the bot may act (a pending ticket nobody holds, or a call), the version of
// the bot's context (lib/chatbot/context-cache.ts: the process keeps the context itself, built as
// JSON here it cost a tenth of the chatbot's path); and whether the number has a campaign confirmation waiting
// (lib/campaigns: nearly never). Before issue 19 the writes were one 17-CTE statement here, whose
// executor set up every part of its plan for every message (docs/performance-ingest.md).

// The function's arguments in order, with their types: the single statement passes them as $1..$21,
// the batch statement reads them as the fields of one JSON record per message (ingest-batch.ts).
const ARGS = [
  ["company", "int"], ["whatsapp", "int"], ["wid", "text"],
  ["chat_number", "text"], ["chat_name", "text"], ["chat_group", "boolean"], ["chat_lid", "text"],
  ["sender_number", "text"], ["sender_name", "text"], ["sender_lid", "text"],
  ["body", "text"], ["from_me", "boolean"], ["media_type", "text"], ["media_url", "text"], ["quoted_wid", "text"],
  ["participant", "text"], ["raw", "text"], ["created_at", "timestamptz"], ["last_message", "text"], ["unread", "int"], ["ack", "int"],
] as const;
type ArgName = (typeof ARGS)[number][0];

/**
 * The select over the function's row `f`, with `a` naming each argument in the FROM given and `b`
 * each argument of a bot turn decided ahead (lib/chatbot/ahead-statement.ts: written after the
 * message when the ticket is as its decision assumed).
 */
function ingestSelect(a: (name: ArgName) => string, b: (name: AheadArgName) => string, from: string, head = "") {
  return `
select ${head}f.*, ${AHEAD_COLUMNS},
  -- the hooks run for a customer's message (not own, not a group's), and the bot acts only on a
  -- pending ticket nobody holds or on a call (lib/chatbot/run-chatbot.ts)
  case when f."messageId" is not null and not ${a("from_me")} and not ${a("chat_group")}
      and ((f.status = 'pending' and f."userId" is null) or ${a("media_type")} = 'call_log')
    then (select c.bot_context_version::text from companies c where c.id = ${a("company")}) end as "botVersion",
  f."messageId" is not null and not ${a("from_me")} and not ${a("chat_group")}
    and exists (select 1 from campaign_shipping cs where cs.status = 'confirming' and cs.number = ${a("chat_number")} and cs.company_id = ${a("company")})
    as "campaignWaiting"
from ${from}
${aheadJoin(a, b)}`;
}

const position = (name: ArgName) => `$${ARGS.findIndex(([n]) => n === name) + 1}`;

// the turn's arguments after the message's, typed: they are compared, not only passed on
const aheadPosition = (name: AheadArgName) => {
  const k = AHEAD_ARGS.findIndex(([n]) => n === name);
  return `$${ARGS.length + k + 1}::${AHEAD_ARGS[k][1]}`;
};

/** One message: the function's arguments as $1..$21, a turn decided ahead's after them. */
export const INGEST_SQL = ingestSelect(position, aheadPosition, `ingest_message(${ARGS.map(([n]) => position(n)).join(", ")}) f`);

// the batch record's fields: the message's, then the turn's as `t_<name>`
const TURN_FIELDS = AHEAD_ARGS.map(([n, t]) => [`t_${n}`, t] as const);
const RECORD_FIELDS = [...ARGS, ...TURN_FIELDS];

/**
 * Several messages in one statement (one round trip, one transaction: ingest-batch.ts): $1 is a
 * JSON array of records (`ingestRecords`); the function runs for each in the array's order, and the
 * rows come back with "batchIndex" (db/batched-statement.ts: `perRecord`, `rowsInOrder`).
 */
export const INGEST_BATCH_SQL = `${ingestSelect(
  (n) => `x.${n}`,
  (n) => `x.t_${n}`,
  perRecord("ingest_message", ARGS, TURN_FIELDS),
  `x.i as "batchIndex", `,
)}
order by x.i`;

/** The ticket's fields the chatbot reads, as the ingest function answers them (its OUT parameters). */
type IngestedBotFields = Pick<
  BotTicket,
  | "uuid" | "status" | "queueId" | "userId" | "unreadMessages" | "lastMessage" | "updatedAt" | "isGroup" | "chatbot"
  | "amountUsedBotQueues" | "queueOptionId" | "lastBotMessageAt" | "useIntegration" | "integrationId" | "promptId"
  | "contactId" | "contactName" | "contactNumber"
>;

export type IngestRow = IngestedBotFields & AheadRow & {
  connectionFound: boolean;
  dupId: number | null;
  dupTicketId: number | null;
  messageId: number | null;
  createdAt: Date | null;
  ticketId: number | null;
  ticketCreated: boolean;
  profilePicUrl: string;
  senderId: number | null;
  senderName: string | null;
  quotedId: number | null;
  quotedBody: string | null;
  quotedFromMe: boolean | null;
  quotedMediaType: string | null;
  /** the company's bot_context_version (int8 as text); null when the bot has nothing to read for (see the statement) */
  botVersion: string | null;
  campaignWaiting: boolean;
};

export type IngestParams = {
  companyId: number;
  whatsappId: number;
  wid: string;
  chat: { number: string; name: string; isGroup: boolean; lid: string | null };
  sender: { number: string; name: string; lid: string | null } | null;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
  mediaKey: string | null;
  quotedWid: string | null;
  participant: string | null;
  raw: string | null;
  createdAt: Date;
  lastMessage: string;
  unreadIncrement: number;
  ack: number;
  /** the bot's turn decided before the message is stored (lib/chatbot/ahead.ts), written by its statement */
  ahead?: AheadArgs | null;
};

/** INGEST_BATCH_SQL's array: each message's record, in the given order. */
export const ingestRecords = (items: IngestParams[]) => writeRecords(items.map((p) => [...messageValues(p), ...aheadValues(p.ahead ?? null, "record")]));
const writeRecords = jsonRecords(RECORD_FIELDS);

/** The positional parameters of INGEST_SQL, in order. */
export function ingestParams(p: IngestParams) {
  return [...messageValues(p), ...aheadValues(p.ahead ?? null, "parameter")];
}

/** The message's arguments of ingest_message, in ARGS order. */
function messageValues(p: IngestParams): unknown[] {
  return [
    p.companyId, p.whatsappId, p.wid,
    p.chat.number, p.chat.name, p.chat.isGroup, p.chat.lid,
    p.sender?.number ?? null, p.sender?.name ?? null, p.sender?.lid ?? null,
    p.body, p.fromMe, p.mediaType, p.mediaKey, p.quotedWid, p.participant, p.raw, p.createdAt.toISOString(),
    p.lastMessage, p.unreadIncrement, p.ack,
  ];
}
