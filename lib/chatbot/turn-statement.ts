import type postgres from "postgres";
import { batchedStatement, jsonRecords, perRecord, rowsInOrder } from "@/db/batched-statement";
import { PREPARE } from "@/db/prepared-query";
import { countBatches } from "@/lib/observability/metrics";
import { chatOrder } from "@/lib/messages/ingest-batch";

// The bot's turn write: the function write_bot_turn (db/migrations/0013_bot_turn_function.sql), one
// call per turn, in one statement with the turns of other messages written meanwhile (the bot
// answers most inbound messages of a busy connection: this write is most of the chatbot's cost).

/** One turn's write: the function's arguments. */
export type TurnArgs = {
  ticket: number;
  company: number;
  whatsapp: number | null;
  /** the order turns run in within a statement: the inbound batches' (company, chat) order */
  contactNumber: string;
  // what the decision read (compare-and-set)
  status: string;
  user_id: number | null;
  queue: number | null;
  option_id: number | null;
  chatbot: boolean;
  amount: number;
  use_integration: boolean;
  // what the turn changes and says
  patch: Record<string, unknown>;
  said_at: string | null;
  moved: boolean;
  wids: string[];
  bodies: string[];
  target_kind: string | null;
  target_id: number | null;
  is_first: boolean;
  message: number | null;
};

export type TurnRow = {
  matched: boolean;
  /** timestamps as Postgres writes them (the client's parsers are drizzle's: none for timestamps) */
  updatedAt: string | null;
  ids: (string | number)[] | null;
  wids: string[] | null;
  createdAt: string[] | null;
};

const ARGS = [
  ["ticket", "int"], ["company", "int"], ["whatsapp", "int"],
  ["status", "text"], ["user_id", "int"], ["queue", "int"], ["option_id", "int"], ["chatbot", "boolean"], ["amount", "int"], ["use_integration", "boolean"],
  ["patch", "jsonb"], ["said_at", "timestamptz"], ["moved", "boolean"], ["wids", "text[]"], ["bodies", "text[]"],
  ["target_kind", "text"], ["target_id", "int"], ["is_first", "boolean"], ["message", "bigint"],
] as const satisfies readonly (readonly [keyof TurnArgs, string])[];

const TURN_SQL = `select * from write_bot_turn(${ARGS.map(([, type], i) => `$${i + 1}::${type}`).join(", ")})`;

const TURNS_SQL = `select x.i as "batchIndex", f.* from ${perRecord("write_bot_turn", ARGS)} order by x.i`;
const turnRecords = jsonRecords(ARGS);

async function writeAlone(client: postgres.Sql, a: TurnArgs): Promise<TurnRow> {
  const values = ARGS.map(([n]) => (n === "patch" ? JSON.stringify(a.patch) : a[n]));
  const [row] = await client.unsafe<TurnRow[]>(TURN_SQL, values as postgres.ParameterOrJSON<never>[], { prepare: PREPARE });
  return row;
}

/** Writes one turn, in one statement with the turns written meanwhile. */
export const writeTurnRow = batchedStatement<TurnArgs, TurnRow>({
  name: "bot_turn",
  observe: countBatches("bot_turn"),
  alone: writeAlone,
  together: (client, turns) => rowsInOrder<TurnRow>(client, TURNS_SQL, turnRecords(turns.map((a) => ARGS.map(([n]) => a[n]))), turns.length),
  // a statement of several turns locks their tickets in the order the inbound statements do
  order: (a, b) => chatOrder(a.company, a.contactNumber, b.company, b.contactNumber),
});
