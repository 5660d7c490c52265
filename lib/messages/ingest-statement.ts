import type { BotTicket } from "@/lib/chatbot/state";

// The whole inbound write as ONE prepared statement (one round trip, one transaction): the
// function ingest_message (db/migrations/0011_ingest_function.sql) does the writes (contact,
// ticket, tracking, message, webhook outbox rows) and answers the IngestRow fields; this statement
// adds what the hooks after it would each read (issue 19: those reads were two round trips of every
// message): only while the bot may act (a pending ticket nobody holds, or a call), the version of
// the bot's context (lib/chatbot/context-cache.ts: the process keeps the context itself, built as
// JSON here it cost a tenth of the chatbot's path); and whether the number has a campaign confirmation waiting
// (lib/campaigns: nearly never). Before issue 19 the writes were one 17-CTE statement here, whose
// executor set up every part of its plan for every message (docs/performance-ingest.md).
export const INGEST_SQL = `
select f.*,
  -- the hooks run for a customer's message (not own, not a group's), and the bot acts only on a
  -- pending ticket nobody holds or on a call (lib/chatbot/run-chatbot.ts)
  case when f."messageId" is not null and not $12 and not $6 and ((f.status = 'pending' and f."userId" is null) or $13 = 'call_log')
    then (select c.bot_context_version::text from companies c where c.id = $1) end as "botVersion",
  f."messageId" is not null and not $12 and not $6
    and exists (select 1 from campaign_shipping cs where cs.status = 'confirming' and cs.number = $4 and cs.company_id = $1)
    as "campaignWaiting"
from ingest_message($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) f
`;

/** The ticket's fields the chatbot reads, as the ingest function answers them (its OUT parameters). */
type IngestedBotFields = Pick<
  BotTicket,
  | "uuid" | "status" | "queueId" | "userId" | "unreadMessages" | "lastMessage" | "updatedAt" | "isGroup" | "chatbot"
  | "amountUsedBotQueues" | "queueOptionId" | "lastBotMessageAt" | "useIntegration" | "integrationId" | "promptId"
  | "contactId" | "contactName" | "contactNumber"
>;

export type IngestRow = IngestedBotFields & {
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
};

/** The positional parameters of INGEST_SQL, in order. */
export function ingestParams(p: IngestParams) {
  return [
    p.companyId, p.whatsappId, p.wid,
    p.chat.number, p.chat.name, p.chat.isGroup, p.chat.lid,
    p.sender?.number ?? null, p.sender?.name ?? null, p.sender?.lid ?? null,
    p.body, p.fromMe, p.mediaType, p.mediaKey, p.quotedWid, p.participant, p.raw, p.createdAt.toISOString(),
    p.lastMessage, p.unreadIncrement, p.ack,
  ];
}
