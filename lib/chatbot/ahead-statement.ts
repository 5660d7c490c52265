import type { TurnArgs } from "./turn-statement";

// The SQL of a bot turn decided before its message is stored (ahead.ts): the message's own
// statement (lib/messages/ingest-statement.ts) writes it right after the message, through the same
// write_bot_turn (migration 0013), but only if the ticket the message's write left is the one the
// decision assumed. write_bot_turn compares the fields it always compares (status, user, queue,
// option, bot flag and counter, integration flag); the gate in front of it compares the rest of what
// a decision reads: the ticket itself (or that the message created it), its bot and prompt, when
// the bot last spoke, the contact's name, the version of the connection's bot context, and that no
// campaign confirmation waits for the number (its answer goes first). If not, nothing is written
// and the message's caller runs the bot as before, on the row it got back.

/** A turn decided ahead: write_bot_turn's arguments, less the ticket's and message's ids, and what else the decision read. */
export type AheadArgs = Omit<TurnArgs, "ticket" | "company" | "whatsapp" | "contactNumber" | "message"> & {
  /** the ticket the decision assumed; null: a ticket the message creates */
  ticket: number | null;
  integration_id: number | null;
  prompt_id: number | null;
  /** last_bot_message_at as it was read (text as Postgres writes it, or an ISO time), null when the bot never spoke */
  last_bot_at: string | null;
  contact_name: string;
  /** the company's bot_context_version the decision's context was read at */
  bot_version: string;
};

/** The arguments in order, with their types (after the message's: the single statement's $22 on, the batch's record fields `t_<name>`). */
export const AHEAD_ARGS = [
  ["ahead", "boolean"], ["ticket", "int"],
  ["status", "text"], ["user_id", "int"], ["queue", "int"], ["option_id", "int"], ["chatbot", "boolean"], ["amount", "int"], ["use_integration", "boolean"],
  ["integration_id", "int"], ["prompt_id", "int"], ["last_bot_at", "timestamptz"], ["contact_name", "text"], ["bot_version", "bigint"],
  ["patch", "jsonb"], ["said_at", "timestamptz"], ["moved", "boolean"], ["wids", "text[]"], ["bodies", "text[]"],
  ["target_kind", "text"], ["target_id", "int"], ["is_first", "boolean"],
] as const satisfies readonly (readonly [keyof AheadArgs | "ahead", string])[];

export type AheadArgName = (typeof AHEAD_ARGS)[number][0];

/**
 * The values in AHEAD_ARGS order (all null but `ahead` = false without a turn). The patch goes as
 * JSON text in a statement's parameter, as itself in a batch record (written into the records' JSON).
 */
export function aheadValues(args: AheadArgs | null, as: "parameter" | "record"): unknown[] {
  if (!args) return AHEAD_ARGS.map(([n]) => (n === "ahead" ? false : null));
  return AHEAD_ARGS.map(([n]) => (n === "ahead" ? true : n === "patch" && as === "parameter" ? JSON.stringify(args.patch) : args[n]));
}

/**
 * The lateral join writing the turn after the message's function row `f`: `m` names the message's
 * arguments, `b` the turn's. Its WHERE refers only to `f` and the arguments, so Postgres checks it
 * once before calling write_bot_turn and calls nothing when it fails (a one-time filter; OFFSET 0
 * keeps the subquery whole so it stays one).
 */
export function aheadJoin(m: (name: "company" | "whatsapp" | "chat_number") => string, b: (name: AheadArgName) => string): string {
  const turn = [
    `f."ticketId"`, m("company"), m("whatsapp"),
    ...(["status", "user_id", "queue", "option_id", "chatbot", "amount", "use_integration", "patch", "said_at", "moved", "wids", "bodies", "target_kind", "target_id", "is_first"] as const).map(b),
    `f."messageId"`,
  ];
  return `left join lateral (
    select * from write_bot_turn(${turn.join(", ")})
    where ${b("ahead")} and f."messageId" is not null
      and (f."ticketId" = ${b("ticket")} or (${b("ticket")} is null and f."ticketCreated"))
      and f."integrationId" is not distinct from ${b("integration_id")} and f."promptId" is not distinct from ${b("prompt_id")}
      and f."lastBotMessageAt" is not distinct from ${b("last_bot_at")} and f."contactName" = ${b("contact_name")}
      and (select c.bot_context_version from companies c where c.id = ${m("company")}) = ${b("bot_version")}
      and not exists (select 1 from campaign_shipping cs where cs.status = 'confirming' and cs.number = ${m("chat_number")} and cs.company_id = ${m("company")})
    offset 0) t on true`;
}

/** The turn's row beside the message's (names of their own: the message's row has an "updatedAt" and a "createdAt" too). */
export const AHEAD_COLUMNS = `t.matched as "aheadMatched", t."updatedAt" as "aheadUpdatedAt", t.ids as "aheadIds", t.wids as "aheadWids", t."createdAt" as "aheadCreatedAt"`;

/** AHEAD_COLUMNS as the row carries them: all null when no turn was decided ahead or its gate failed. */
export type AheadRow = {
  aheadMatched: boolean | null;
  aheadUpdatedAt: string | null;
  aheadIds: (string | number)[] | null;
  aheadWids: string[] | null;
  aheadCreatedAt: string[] | null;
};
