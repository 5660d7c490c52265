import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { writeTurnRow, type TurnArgs } from "@/lib/chatbot/turn-statement";

// lib/chatbot/turn-statement.ts with a fake client: a statement of several turns runs them in the
// inbound statements' order (company, then the chat's number), so the two kinds of statements lock
// tickets in one order; each caller gets its own turn's row.
const turn = (company: number, contactNumber: string, ticket: number): TurnArgs => ({
  ticket,
  company,
  whatsapp: 1,
  contactNumber,
  status: "pending",
  user_id: null,
  queue: null,
  option_id: null,
  chatbot: false,
  amount: 0,
  use_integration: false,
  patch: { amountUsedBotQueues: 1 },
  said_at: null,
  moved: false,
  wids: [],
  bodies: [],
  target_kind: null,
  target_id: null,
  is_first: false,
  message: null,
});

describe("writeTurnRow", () => {
  it("runs a statement's turns by company then chat, and answers each its own row", async () => {
    const batches: { ticket: number; patch: unknown }[][] = [];
    const release: (() => void)[] = [];
    const client = {
      unsafe(_text: string, values: unknown[]) {
        return new Promise((resolve) =>
          release.push(() => {
            if (values.length !== 1) return resolve([{ matched: true, ids: [values[0]] }]);
            const records = JSON.parse(values[0] as string) as { i: number; ticket: number; patch: unknown }[];
            batches.push(records);
            resolve(records.map((r) => ({ batchIndex: r.i, matched: true, ids: [r.ticket] })));
          }),
        );
      },
    } as unknown as postgres.Sql;
    const open = async () => {
      await new Promise((r) => setTimeout(r, 0));
      release.splice(0).forEach((r) => r());
      await new Promise((r) => setTimeout(r, 0));
    };
    const first = [writeTurnRow(client, turn(1, "5511", 1)), writeTurnRow(client, turn(1, "5512", 2))];
    const later = [turn(2, "5501", 10), turn(1, "5599", 11), turn(1, "5550", 12)].map((t) => writeTurnRow(client, t));
    for (let i = 0; i < 3; i++) await open();
    expect((await Promise.all(first)).map((r) => r.ids)).toEqual([[1], [2]]);
    expect((await Promise.all(later)).map((r) => r.ids)).toEqual([[10], [11], [12]]);
    expect(batches).toHaveLength(1);
    expect(batches[0].map((r) => r.ticket)).toEqual([12, 11, 10]);
    // the patch travels as JSON inside the record (jsonb_to_recordset reads it as jsonb)
    expect(batches[0][0].patch).toEqual({ amountUsedBotQueues: 1 });
  });
});
