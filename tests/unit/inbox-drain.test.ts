import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { waMessage } from "../helpers/fake-baileys-socket";
import { memoryInbox } from "../helpers/memory-inbox";
import { inboxItems, reviveMessage } from "@/lib/whatsapp/providers/baileys/inbox-items";
import type { ProviderEvent } from "@/lib/whatsapp/types";
import { createInboxDrain, inboxRetryDelayMs, type InboxDrainDeps } from "@/lib/whatsapp/worker/inbox-drain";
import type { InboxItem, InboxRow } from "@/lib/whatsapp/worker/inbox-store";

const quiet = { warn() {}, error() {} };
const item = (wid: string, chat: string, extra: Partial<InboxItem> = {}): InboxItem => ({ wid, chat, kind: "live", botTurn: true, payload: wid, ...extra });
const message = (wid: string): ProviderEvent => ({ type: "delete", wid });

function drainOf(inbox: ReturnType<typeof memoryInbox>, deps: Partial<InboxDrainDeps> = {}) {
  const delivered: string[] = [];
  const drain = createInboxDrain({
    store: inbox,
    canRun: () => true,
    read: async (row) => ({ kind: "event", event: message(row.wid) }),
    deliver: async (event) => void delivered.push((event as { wid: string }).wid),
    log: quiet,
    retryDelayMs: () => 0,
    heldTurnSpacingMs: 0,
    ...deps,
  });
  return { drain, delivered };
}

describe("the inbox drain", () => {
  it("stores each chat's rows in arrival order and removes them", async () => {
    const inbox = memoryInbox();
    await inbox.hold([item("A1", "a"), item("B1", "b"), item("A2", "a"), item("A3", "a")]);
    const { drain, delivered } = drainOf(inbox);
    drain.kick();
    await drain.settled();
    expect(delivered.filter((w) => w.startsWith("A"))).toEqual(["A1", "A2", "A3"]);
    expect(delivered.sort()).toEqual(["A1", "A2", "A3", "B1"]);
    expect(inbox.rows).toEqual([]);
  });

  it("a slow media download holds back its own chat only", async () => {
    const inbox = memoryInbox();
    await inbox.hold([item("SLOW", "a"), item("A2", "a"), item("B1", "b"), item("C1", "c"), item("B2", "b")]);
    let finish = () => {};
    const slow = new Promise<void>((r) => (finish = r));
    const { drain, delivered } = drainOf(inbox, {
      async read(row) {
        if (row.wid === "SLOW") await slow;
        return { kind: "event", event: message(row.wid) };
      },
    });
    drain.kick();
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toEqual(["B1", "C1", "B2"]);
    finish();
    await drain.settled();
    expect(delivered).toEqual(["B1", "C1", "B2", "SLOW", "A2"]);
  });

  it("a row that fails holds back its chat's later rows, not the other chats, and is tried again", async () => {
    const inbox = memoryInbox();
    await inbox.hold([item("A1", "a"), item("A2", "a"), item("B1", "b")]);
    let failures = 2;
    const { drain, delivered } = drainOf(inbox, {
      async deliver(event) {
        const wid = (event as { wid: string }).wid;
        if (wid === "A1" && failures-- > 0) throw new Error("database away");
        delivered.push(wid);
      },
    });
    drain.kick();
    await drain.settled();
    expect(delivered).toEqual(["B1", "A1", "A2"]);
    // (one chat at a time, it is the same)
    expect(inbox.rows).toEqual([]);
  });

  it("waits out the backoff before trying a failed row again, and wakes itself when it is due", async () => {
    let t = 0;
    const inbox = memoryInbox(() => t);
    await inbox.hold([item("A1", "a")]);
    let failures = 1;
    const { drain, delivered } = drainOf(inbox, {
      now: () => new Date(t),
      retryDelayMs: () => 40,
      async deliver(event) {
        if (failures-- > 0) throw new Error("database away");
        delivered.push((event as { wid: string }).wid);
      },
    });
    drain.kick();
    await drain.settled();
    expect(delivered).toEqual([]);
    expect(inbox.rows[0]).toMatchObject({ attempts: 1, lastError: "database away", nextAt: 40 });
    t = 40;
    await new Promise((r) => setTimeout(r, 80));
    await drain.settled();
    expect(delivered).toEqual(["A1"]);
  });

  it("drops a row the product refuses for good (an ERR_ of the 4xx kind) and one whose payload cannot be read after every try", async () => {
    const inbox = memoryInbox();
    await inbox.hold([item("BAD", "a"), item("A2", "a"), item("POISON", "b"), item("B2", "b")]);
    const errors: string[] = [];
    const { drain, delivered } = drainOf(inbox, {
      log: { warn() {}, error: (m) => void errors.push(m) },
      async read(row) {
        if (row.wid === "POISON") throw new TypeError("cannot read properties of undefined");
        return { kind: "event", event: message(row.wid) };
      },
      async deliver(event) {
        const wid = (event as { wid: string }).wid;
        if (wid === "BAD") throw new AppError("ERR_CREATING_MESSAGE", 400);
        delivered.push(wid);
      },
    });
    drain.kick();
    await drain.settled();
    expect(delivered).toEqual(["A2", "B2"]);
    expect(inbox.rows).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/BAD cannot be stored/), expect.stringMatching(/POISON cannot be stored/)]);
  });

  it("parks a row whose sender is not identified, with no time limit, until it is released", async () => {
    const inbox = memoryInbox();
    await inbox.hold([item("L1", "lid"), item("P1", "pn")]);
    let known = false;
    const { drain, delivered } = drainOf(inbox, {
      read: async (row: InboxRow) => (row.wid === "L1" && !known ? { kind: "waiting", sender: "2070001" } : { kind: "event", event: message(row.wid) }),
    });
    drain.kick();
    await drain.settled();
    expect(delivered).toEqual(["P1"]);
    expect(await inbox.waitingSenders()).toBe(1);
    known = true;
    expect(await inbox.release(["2070001"])).toBe(1);
    drain.kick();
    await drain.settled();
    expect(delivered).toEqual(["P1", "L1"]);
  });

  it("spaces the held rows the bot may answer, so a reconnect is not a burst of bot messages", async () => {
    const inbox = memoryInbox();
    await inbox.hold([item("H1", "a", { kind: "held" }), item("H2", "b", { kind: "held" }), item("H3", "c", { kind: "held", botTurn: false }), item("H4", "d", { kind: "held" })]);
    let t = 1_000_000;
    const slept: number[] = [];
    const { drain, delivered } = drainOf(inbox, {
      now: () => new Date(t),
      heldTurnSpacingMs: 1000,
      sleep: async (ms) => {
        slept.push(ms);
        t += ms;
      },
    });
    drain.kick();
    await drain.settled();
    // the bot's turns one a second, in arrival order; a row it will not answer does not wait for them
    expect(delivered.filter((w) => w !== "H3")).toEqual(["H1", "H2", "H4"]);
    expect(delivered.indexOf("H3")).toBeLessThan(delivered.indexOf("H2"));
    expect(slept).toEqual([1000, 1000]);
  });

  it("retries after 1 s, 2 s, 4 s ... at most 5 minutes", () => {
    expect([1, 2, 3, 10, 30].map(inboxRetryDelayMs)).toEqual([1000, 2000, 4000, 300_000, 300_000]);
  });
});

describe("the rows of one batch Baileys delivered", () => {
  const from = (n: string) => `${n}@s.whatsapp.net`;
  const msg = (id: string, chat: string, at: number, body: string | null, fromMe = false) =>
    waMessage({ key: { remoteJid: from(chat), fromMe, id }, messageTimestamp: at, message: body === null ? { reactionMessage: { text: "👍", key: { id: "X" } } } : { conversation: body } });

  it("held: per chat only the newest customer message may get a bot turn, and none when we answered after it", () => {
    const rows = inboxItems(
      [msg("A1", "551100000001", 10, "oi"), msg("A2", "551100000001", 20, "oi?"), msg("A3", "551100000001", 30, null), msg("B1", "551100000002", 10, "oi"), msg("B2", "551100000002", 11, "já vou", true)],
      "held",
    );
    expect(rows.map((r) => [r.wid, r.kind, r.botTurn])).toEqual([
      ["A1", "held", false],
      ["A2", "held", true], // the reaction after it is not a message the bot answers
      ["A3", "held", false],
      ["B1", "held", false],
      ["B2", "held", false],
    ]);
  });

  it("live rows may all get a turn, history rows none; status broadcasts are not kept; the payload reads back with the key's extra fields", () => {
    const live = inboxItems([msg("L1", "551100000001", 10, "oi")], "live");
    const history = inboxItems([msg("H1", "551100000001", 10, "oi")], "history");
    const status = inboxItems([waMessage({ key: { remoteJid: "status@broadcast", id: "S1" }, message: { conversation: "x" } })], "live");
    expect([live[0].botTurn, history[0].botTurn, status.length]).toEqual([true, false, 0]);
    const [lid] = inboxItems(
      [waMessage({ key: { remoteJid: "207000000000123@lid", remoteJidAlt: from("5511988887777"), addressingMode: "lid", id: "K1" }, messageTimestamp: 5, message: { imageMessage: { mediaKey: Buffer.from([1, 2, 3]), caption: "foto" } } })],
      "live",
    );
    const back = reviveMessage(lid.payload);
    expect(back.key).toMatchObject({ id: "K1", remoteJid: "207000000000123@lid", remoteJidAlt: from("5511988887777"), addressingMode: "lid" });
    expect(Buffer.from(back.message!.imageMessage!.mediaKey!)).toEqual(Buffer.from([1, 2, 3]));
    expect(Number(back.messageTimestamp)).toBe(5);
  });
});
