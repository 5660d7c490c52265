import type postgres from "postgres";
import { batchedStatement, rowsInOrder } from "@/db/batched-statement";
import { PREPARE } from "@/db/prepared-query";
import { countBatches } from "@/lib/observability/metrics";
import { INGEST_BATCH_SQL, INGEST_SQL, ingestParams, ingestRecords, type IngestParams, type IngestRow } from "./ingest-statement";

/** One message in its own statement (a retry, or a message alone in its moment). */
export async function ingestRowAlone(client: postgres.Sql, p: IngestParams): Promise<IngestRow> {
  const [row] = await client.unsafe<IngestRow[]>(INGEST_SQL, ingestParams(p) as postgres.ParameterOrJSON<never>[], { prepare: PREPARE });
  return row;
}

/**
 * Stores one message through the ingest function, in one statement with the messages arriving
 * meanwhile (db/batched-statement.ts). Concurrent statements take their tickets' and contacts' locks
 * in (company, chat) order; a chat's own messages keep their order.
 */
export const ingestRow = batchedStatement<IngestParams, IngestRow>({
  name: "ingest",
  observe: countBatches("ingest"),
  alone: ingestRowAlone,
  together: (client, items) => rowsInOrder<IngestRow>(client, INGEST_BATCH_SQL, ingestRecords(items), items.length),
  order: (a, b) => chatOrder(a.companyId, a.chat.number, b.companyId, b.chat.number),
});

/**
 * The order statements of several writes lock tickets in (inbound messages, the bot's turns): by
 * company, then by the chat's number. One order for all, so they wait for each other, never in a cycle.
 */
export function chatOrder(companyA: number, numberA: string, companyB: number, numberB: string): number {
  return companyA - companyB || (numberA < numberB ? -1 : numberA > numberB ? 1 : 0);
}
