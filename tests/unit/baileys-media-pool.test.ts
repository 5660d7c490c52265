// Issue 33 §9: files are fetched by a small pool per connection, outside the inbox drain's passes.
// A file being fetched holds back its own chat only: the other chats' messages and the acks go on,
// a chat's later messages wait for its file, and no more than three files are fetched at once.
// Downloads here wait on the test (controllable promises), never on the clock.
import { proto } from "@whiskeysockets/baileys";
import { afterEach, describe, expect, it } from "vitest";
import type { BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import type { DownloadMedia } from "@/lib/whatsapp/providers/baileys/media-store";
import { flush, startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";
import { withTempStorage } from "../helpers/temp-storage";

const T = 1_760_000_000;
withTempStorage("baileys-media-pool-");

const jid = (chat: string) => `55119222200${chat}@s.whatsapp.net`;
const image = (id: string, chat: string) =>
  waMessage({ key: { remoteJid: jid(chat), fromMe: false, id }, messageTimestamp: T, message: { imageMessage: { mimetype: "image/jpeg", caption: `foto ${id}` } } });
const text = (id: string, chat: string) => waMessage({ key: { remoteJid: jid(chat), fromMe: false, id }, messageTimestamp: T, message: { conversation: `texto ${id}` } });

/** Flushes until `check` holds (at most `tries` turns of the event loop): for work that does not settle yet. */
async function flushUntil(check: () => boolean, tries = 200) {
  for (let i = 0; i < tries && !check(); i++) await flush();
  return check();
}

/** Downloads that end when the test says so; counts how many run at once. */
function heldDownloads() {
  const waiting = new Map<string, () => void>();
  const started: string[] = [];
  const watchers: { n: number; wake: () => void }[] = [];
  let running = 0;
  let most = 0;
  const download: DownloadMedia = (m) =>
    new Promise((resolve) => {
      const wid = m.key.id!;
      started.push(wid);
      most = Math.max(most, ++running);
      for (const w of watchers.filter((x) => started.length >= x.n)) {
        watchers.splice(watchers.indexOf(w), 1);
        w.wake();
      }
      waiting.set(wid, () => {
        running--;
        waiting.delete(wid);
        resolve(Buffer.from(`file ${wid}`));
      });
    });
  return {
    download,
    started,
    /** resolves once `n` downloads have started (after a release, storing the file takes real I/O) */
    startedCount: (n: number) => new Promise<void>((wake) => (started.length >= n ? wake() : watchers.push({ n, wake }))),
    most: () => most,
    release: (wid: string) => waiting.get(wid)!(),
    releaseAll: () => [...waiting.values()].forEach((end) => end()),
  };
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  // a test that failed half way leaves no download (nor its 2-minute timer) behind
  cleanup?.();
  cleanup = null;
});

async function connected(deps: Partial<BaileysDeps>) {
  const t = await startFakeConnection(deps);
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta inbound media: the download pool", () => {
  it("emits another chat's text, and handles acks, while a chat's download hangs", async () => {
    const d = heldDownloads();
    cleanup = d.releaseAll;
    const t = await connected({ downloadMedia: d.download });
    t.sock().upsert([image("A1", "01")]);
    expect(await flushUntil(() => d.started.length === 1)).toBe(true);

    // arrives after A's download started, so it is not read in the same pass as A1
    t.sock().upsert([text("B1", "02")]);
    t.sock().emit("messages.update", [{ key: { remoteJid: jid("02"), fromMe: true, id: "OUT1" }, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
    expect(await flushUntil(() => t.messages().length > 0)).toBe(true);
    expect(t.messages().map((m) => m.wid)).toEqual(["B1"]);
    expect(t.of("ack")).toEqual([{ type: "ack", wid: "OUT1", ack: 2 }]);

    d.release("A1");
    await t.conn.settled();
    expect(t.messages().map((m) => m.wid)).toEqual(["B1", "A1"]);
    expect(t.messages()[1]).toMatchObject({ mediaType: "image", body: "foto A1" });
  });

  it("hands a chat's later messages on only after its file, in arrival order, while the other chats go on", async () => {
    const d = heldDownloads();
    cleanup = d.releaseAll;
    const t = await connected({ downloadMedia: d.download });
    t.sock().upsert([image("A1", "01")]);
    expect(await flushUntil(() => d.started.length === 1)).toBe(true);

    t.sock().upsert([text("A2", "01"), image("A3", "01"), text("B1", "02")]);
    expect(await flushUntil(() => t.messages().length > 0)).toBe(true);
    for (let i = 0; i < 20; i++) await flush();
    expect(t.messages().map((m) => m.wid)).toEqual(["B1"]);
    // A3's file is not asked for before the chat's earlier messages are handed on
    expect(d.started).toEqual(["A1"]);

    d.release("A1");
    await d.startedCount(2);
    expect(t.messages().map((m) => m.wid)).toEqual(["B1", "A1", "A2"]);
    d.release("A3");
    await t.conn.settled();
    expect(t.messages().map((m) => m.wid)).toEqual(["B1", "A1", "A2", "A3"]);
  });

  it("a chat's many messages behind its file do not hold back the chats that wrote after them", async () => {
    const d = heldDownloads();
    cleanup = d.releaseAll;
    const t = await connected({ downloadMedia: d.download });
    t.sock().upsert([image("A0", "01")]);
    expect(await flushUntil(() => d.started.length === 1)).toBe(true);
    // more rows than the inbox reads in one pass (50), all waiting for A0's file
    const many = Array.from({ length: 60 }, (_, i) => text(`A${i + 1}`, "01"));
    t.sock().upsert([...many, text("B1", "02")]);
    expect(await flushUntil(() => t.messages().length > 0)).toBe(true);
    expect(t.messages().map((m) => m.wid)).toEqual(["B1"]);

    d.release("A0");
    await t.conn.settled();
    expect(t.messages().map((m) => m.wid)).toEqual(["B1", "A0", ...many.map((m) => m.key.id)]);
  });

  it("fetches at most three files at once; the others wait their turn, and texts are not held by them", async () => {
    const d = heldDownloads();
    cleanup = d.releaseAll;
    const t = await connected({ downloadMedia: d.download });
    t.sock().upsert([image("C1", "01"), image("C2", "02"), image("C3", "03"), image("C4", "04"), image("C5", "05"), text("C6", "06")]);
    expect(await flushUntil(() => d.started.length === 3)).toBe(true);
    expect(await flushUntil(() => t.messages().length > 0)).toBe(true);
    for (let i = 0; i < 20; i++) await flush();
    expect(d.started).toEqual(["C1", "C2", "C3"]);
    expect(t.messages().map((m) => m.wid)).toEqual(["C6"]);

    // one ends: the next in arrival order starts
    d.release("C2");
    await d.startedCount(4);
    expect(d.started).toEqual(["C1", "C2", "C3", "C4"]);
    d.release("C1");
    await d.startedCount(5);
    d.releaseAll();
    await t.conn.settled();
    expect(d.most()).toBe(3);
    expect(t.messages().map((m) => m.wid).sort()).toEqual(["C1", "C2", "C3", "C4", "C5", "C6"]);
    expect(t.messages().filter((m) => m.mediaType === "image")).toHaveLength(5);
  });
});
