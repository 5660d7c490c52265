import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { ingestRow } from "@/lib/messages/ingest-batch";
import type { IngestParams } from "@/lib/messages/ingest-statement";

// lib/messages/ingest-batch.ts with a fake client: the order a statement of several messages runs
// them in. Concurrent statements take their contacts' and tickets' locks in that one order, so they
// wait for each other instead of deadlocking (A then B in one, B then A in the other would).
const params = (companyId: number, number: string, body: string): IngestParams => ({
  companyId,
  whatsappId: 1,
  wid: `W-${body}`,
  chat: { number, name: "", isGroup: false, lid: null },
  sender: null,
  body,
  fromMe: false,
  mediaType: null,
  mediaKey: null,
  quotedWid: null,
  participant: null,
  raw: null,
  createdAt: new Date(0),
  lastMessage: body,
  unreadIncrement: 1,
  ack: 0,
});

function fakeClient() {
  const batches: { company: number; chat_number: string; body: string }[][] = [];
  const release: (() => void)[] = [];
  const client = {
    unsafe(_text: string, values: unknown[]) {
      return new Promise((resolve) => {
        release.push(() => {
          if (values.length !== 1) return resolve([{ messageId: 1, body: values[10] }]);
          const records = JSON.parse(values[0] as string) as { i: number; company: number; chat_number: string; body: string }[];
          batches.push(records);
          resolve(records.map((r) => ({ batchIndex: r.i, messageId: 1, body: r.body })));
        });
      });
    },
  } as unknown as postgres.Sql;
  const open = async () => {
    await new Promise((r) => setTimeout(r, 0));
    release.splice(0).forEach((r) => r());
    await new Promise((r) => setTimeout(r, 0));
  };
  return { client, batches, open };
}

describe("ingestRow", () => {
  it("runs a statement's messages by company then chat, a chat's own in their arrival order", async () => {
    const f = fakeClient();
    const first = [ingestRow(f.client, params(1, "551100", "x")), ingestRow(f.client, params(1, "551101", "y"))];
    const arrivals = [
      params(2, "551103", "b1"),
      params(1, "551109", "a1"),
      params(1, "551102", "c1"),
      params(2, "551103", "b2"),
      params(1, "551109", "a2"),
      params(1, "551102", "c2"),
    ];
    const later = arrivals.map((p) => ingestRow(f.client, p));
    for (let i = 0; i < 3; i++) await f.open();
    await Promise.all(first);
    // each caller gets the row of its own message, whatever the order the statement ran them in
    expect((await Promise.all(later)).map((r) => (r as unknown as { body: string }).body)).toEqual(["b1", "a1", "c1", "b2", "a2", "c2"]);
    expect(f.batches).toHaveLength(1);
    expect(f.batches[0].map((r) => `${r.company}:${r.chat_number}:${r.body}`)).toEqual([
      "1:551102:c1",
      "1:551102:c2",
      "1:551109:a1",
      "1:551109:a2",
      "2:551103:b1",
      "2:551103:b2",
    ]);
  });
});
