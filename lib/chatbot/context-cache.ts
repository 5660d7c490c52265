import type postgres from "postgres";
import { forgetWithDatabase, rawClient, type Db } from "@/db";
import { PREPARE } from "@/db/prepared-query";
import type { BotContext } from "./state";
import { botContextSql } from "./state-sql";

/**
 * The bot's context of each connection (its bot fields and queues, the company's chatbot settings,
 * timezone and hours), kept by this process with the company's bot_context_version it was read at.
 * The inbound statement answers only that number (building the context as JSON there cost 0.1 ms of
 * the server's CPU on every message the bot might answer, issue 19); the triggers of
 * db/migrations/0012_bot_context_version.sql move it in the same transaction as any change the
 * context is built from, so the first message after such a commit reads the context again, in every
 * process. One entry a connection: a few kilobytes each.
 */
type Entry = { version: string; context: BotContext };

const holder = globalThis as unknown as { __botContexts?: Map<string, Entry> };
forgetWithDatabase("botContexts", () => holder.__botContexts?.clear());

// the version and the context in one statement: what is kept is exactly what that version holds
const CONTEXT_SQL = `
  select c.bot_context_version::text as version, ${botContextSql({ companyId: "$1", whatsappId: "$2", queueId: "null::int" })} as context
  from companies c where c.id = $1`;

/**
 * The connection's bot context at `version` (the inbound statement's "botVersion") or later. Its
 * queueSchedules is null: a ticket's queue hours are the caller's to take from the queues
 * (lib/messages/ingest-bot-state.ts).
 */
export async function connectionBotContext(db: Db, companyId: number, whatsappId: number, version: string): Promise<BotContext | null> {
  const cache = (holder.__botContexts ??= new Map());
  const key = `${companyId}:${whatsappId}`;
  const kept = cache.get(key);
  if (kept && kept.version === version) return kept.context;
  const [row] = await rawClient(db).unsafe<{ version: string; context: BotContext }[]>(CONTEXT_SQL, [companyId, whatsappId] as postgres.ParameterOrJSON<never>[], {
    prepare: PREPARE,
  });
  if (!row) return null;
  cache.set(key, { version: row.version, context: row.context });
  return row.context;
}

/** The connection's bot context this process keeps, with its version, without reading anything (ahead.ts). */
export function keptBotContext(companyId: number, whatsappId: number): { version: string; context: BotContext } | undefined {
  return holder.__botContexts?.get(`${companyId}:${whatsappId}`);
}
