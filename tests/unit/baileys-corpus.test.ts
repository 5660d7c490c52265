// The adapter over the replay corpus (tests/fixtures/baileys-corpus.ts): each kind WhatsApp
// delivers is stored as it says, becomes its event, or is ignored, and nothing else comes out.
import { describe, expect, it } from "vitest";
import { startFakeConnection } from "../helpers/fake-baileys-socket";
import { CORPUS, CORPUS_CALL } from "../fixtures/baileys-corpus";
import { withTempStorage } from "../helpers/temp-storage";

withTempStorage("baileys-corpus-");

async function connected() {
  const t = await startFakeConnection({ downloadMedia: async () => Buffer.from("bytes") });
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("the replay corpus", () => {
  it.each(CORPUS.map((e) => [e.kind, e] as const))("%s", async (_kind, entry) => {
    const t = await connected();
    const before = t.events.length;
    t.sock().upsert([entry.message]);
    await t.conn.settled();
    const out = t.events.slice(before).filter((e) => e.type !== "contact");
    if ("stored" in entry.expect) {
      expect(out).toEqual([{ type: "message", message: expect.objectContaining({ wid: entry.message.key.id, ...entry.expect.stored }) }]);
    } else if ("event" in entry.expect) {
      expect(out).toEqual([entry.expect.event]);
    } else {
      expect(out).toEqual([]);
    }
  });

  it("a call offer", async () => {
    const t = await connected();
    t.sock().emit("call", [CORPUS_CALL.offer]);
    await t.conn.settled();
    expect(t.messages()).toEqual([expect.objectContaining(CORPUS_CALL.stored)]);
  });

  it("the whole corpus in one batch stores each message once", async () => {
    const t = await connected();
    t.sock().upsert(CORPUS.map((e) => e.message));
    await t.conn.settled();
    const stored = CORPUS.filter((e) => "stored" in e.expect).map((e) => e.message.key.id);
    expect(t.messages().map((m) => m.wid).sort()).toEqual(stored.sort());
  });
});
