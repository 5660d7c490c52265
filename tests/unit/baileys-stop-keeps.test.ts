import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBaileysConnection } from "@/lib/whatsapp/providers/baileys/connection";
import type { ProviderEvent } from "@/lib/whatsapp/types";
import type { InboxItem } from "@/lib/whatsapp/worker/inbox-store";
import { createFakeWhatsApp, FAKE_WA_VERSION, flush, memoryAuthStore, memorySentMessages, startFakeConnection, waMessage, withQuietConnectionTests } from "../helpers/fake-baileys-socket";
import { memoryInbox } from "../helpers/memory-inbox";

// Baileys acknowledges a message to WhatsApp as it hands it over: WhatsApp will not deliver it
// again. A connection that stops (SIGTERM, a lost lease, a restart) while the inbox cannot take
// what it received must not lose it: it waits a while for the write, then keeps it on disk, and the
// next start on this machine writes it to the inbox first.

withQuietConnectionTests();

const A = "5511988887777";
const B = "5511977776666";
const text = (id: string, from = A) =>
  waMessage({ key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id }, messageTimestamp: Math.floor(Date.now() / 1000), pushName: "Cliente", message: { conversation: `texto ${id}` } });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "baileys-stop-keeps-"));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const spooled = async () =>
  (await readFile(path.join(dir, "3.jsonl"), "utf8"))
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as InboxItem & { companyId: number; whatsappId: number });

/** an inbox whose writes wait until `answer()`: a database that does not answer */
function stalledInbox() {
  const inbox = memoryInbox();
  const write = inbox.hold;
  let answer = () => {};
  const answered = new Promise<void>((r) => (answer = r));
  inbox.hold = async (items) => {
    await answered;
    return write(items);
  };
  return { inbox, answer };
}

async function openOn(deps: Parameters<typeof startFakeConnection>[0]) {
  const t = await startFakeConnection({ spoolDir: dir, ...deps });
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta connection: a stop while the inbox cannot be written", () => {
  it("keeps on disk what was received, the batches queued behind the failing write too, and the next start writes it to the inbox first", async () => {
    const inbox = memoryInbox();
    const t = await openOn({ inbox, stopWaitMs: 20 });
    inbox.failHold = Infinity;
    t.sock().upsert([text("K1")]);
    t.sock().upsert([text("K2"), text("K3", B)]);
    t.sock().upsert([text("K4")], "append");
    await flush();
    await t.conn.stop();
    expect(inbox.rows).toEqual([]);
    const lines = await spooled();
    expect(lines.map((l) => [l.wid, l.kind, l.companyId, l.whatsappId])).toEqual([
      ["K1", "live", 7, 3],
      ["K2", "live", 7, 3],
      ["K3", "live", 7, 3],
      ["K4", "held", 7, 3],
    ]);
    // the log names the file
    const logged = vi.mocked(console.error).mock.calls.map((c) => c.join(" "));
    expect(logged).toContainEqual(expect.stringContaining(`4 received message(s) could not be written to the inbox before the connection stopped: kept in ${path.join(dir, "3.jsonl")}`));

    // the database is back; the connection starts again on this machine
    inbox.failHold = 0;
    const again = await startFakeConnection({ inbox, spoolDir: dir });
    expect(inbox.rows.map((r) => [r.wid, r.kind])).toEqual([
      ["K1", "live"],
      ["K2", "live"],
      ["K3", "live"],
      ["K4", "held"],
    ]);
    expect(await readdir(dir)).toEqual([]);
    again.sock().open();
    await again.conn.settled();
    const wids = again.messages().map((m) => m.wid);
    expect(wids.filter((w) => w !== "K3")).toEqual(["K1", "K2", "K4"]);
    expect(wids.sort()).toEqual(["K1", "K2", "K3", "K4"]);
    expect(inbox.rows).toEqual([]);
    await again.conn.stop();
  });

  it("waits for a write the database has not answered yet: written when it answers, the batches behind it too, nothing on disk", async () => {
    const { inbox, answer } = stalledInbox();
    const t = await openOn({ inbox, stopWaitMs: 10_000 });
    t.sock().upsert([text("W1")]);
    t.sock().upsert([text("W2")]);
    await flush();
    let stopped = false;
    const stopping = t.conn.stop().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false);
    answer();
    await stopping;
    expect(inbox.rows.map((r) => r.wid)).toEqual(["W1", "W2"]);
    expect(await readdir(dir)).toEqual([]);
  });

  it("gives up on a write that never answers after its wait, and keeps it on disk", async () => {
    const { inbox } = stalledInbox();
    const t = await openOn({ inbox, stopWaitMs: 20 });
    t.sock().upsert([text("H1")]);
    t.sock().upsert([text("H2", B)]);
    await flush();
    await t.conn.stop();
    expect((await spooled()).map((l) => l.wid)).toEqual(["H1", "H2"]);
  });

  it("the database still away at the next start: the kept messages wait on disk and are written once it is back", async () => {
    const inbox = memoryInbox();
    const t = await openOn({ inbox, stopWaitMs: 20 });
    inbox.failHold = Infinity;
    t.sock().upsert([text("S1")]);
    await flush();
    await t.conn.stop();
    // the start's write fails; the next write that succeeds (or the next open) takes the file
    inbox.failHold = 1;
    const again = await startFakeConnection({ inbox, spoolDir: dir });
    expect(inbox.rows).toEqual([]);
    expect(await readdir(dir)).toEqual(["3.restoring.jsonl"]);
    again.sock().open();
    await again.conn.settled();
    expect(again.messages().map((m) => m.wid)).toEqual(["S1"]);
    expect(await readdir(dir)).toEqual([]);
    await again.conn.stop();
  });

  it("a stop from inside the connection's own events (the worker's, on DISCONNECTED) does not wait on itself", async () => {
    const world = createFakeWhatsApp();
    const inbox = memoryInbox();
    const events: ProviderEvent[] = [];
    const deps = { makeSocket: world.makeSocket, authStore: memoryAuthStore(), sentMessages: memorySentMessages(), inbox, spoolDir: dir, stopWaitMs: 60_000 };
    const conn = createBaileysConnection(
      {
        companyId: 7,
        whatsappId: 3,
        async emit(event) {
          events.push(event);
          if (event.type === "status" && event.status === "DISCONNECTED") await conn.stop();
        },
      },
      { ...deps, inboxTiming: { retryDelayMs: () => 0, heldTurnSpacingMs: 0 }, versions: { fetchLatest: async () => FAKE_WA_VERSION } },
    );
    await conn.start();
    // four unscanned codes: DISCONNECTED, emitted from the event queue; a message queued behind it
    for (const code of ["q1", "q2", "q3", "q4"]) world.latest().qr(code);
    world.latest().upsert([text("Q1")]);
    await conn.settled();
    expect(events.at(-1)).toEqual({ type: "status", status: "DISCONNECTED" });
    expect(inbox.rows.map((r) => r.wid)).toEqual(["Q1"]);
  });
});
