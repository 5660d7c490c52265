// Issue 33 part 9: media is bounded. A download is streamed into storage, stops after its time
// budget (the inbox tries it again, then delivers the message without its file) and never holds
// back the other chats.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";
import { withTempStorage } from "../helpers/temp-storage";

const T = 1_760_000_000;
const storage = withTempStorage("baileys-media-bounds-");

const image = (id: string, from: string) =>
  waMessage({ key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id }, messageTimestamp: T, message: { imageMessage: { mimetype: "image/jpeg", caption: `foto ${id}` } } });
const text = (id: string, from: string) => waMessage({ key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id }, messageTimestamp: T, message: { conversation: `texto ${id}` } });

async function connected(deps: Partial<BaileysDeps>) {
  const t = await startFakeConnection(deps);
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta inbound media: bounded", () => {
  it("streams a download into storage", async () => {
    const t = await connected({ downloadMedia: async () => Readable.from([Buffer.from("part-1;"), Buffer.from("part-2")]) });
    t.sock().upsert([image("S1", "5511911110001")]);
    await t.conn.settled();
    const [m] = t.messages();
    expect(m).toMatchObject({ wid: "S1", mediaType: "image", body: "foto S1" });
    expect(await readFile(path.join(storage.path, m.media!.path), "utf8")).toBe("part-1;part-2");
  });

  it("a download that stalls is aborted after its time budget, tried again, and the message delivered without the file", async () => {
    const signals: AbortSignal[] = [];
    const t = await connected({
      mediaTimeoutMs: 30,
      downloadMedia: (_m, _s, signal) => {
        signals.push(signal);
        return new Promise(() => {});
      },
    });
    t.sock().upsert([image("S2", "5511911110002")]);
    await t.conn.settled();
    expect(t.messages()).toEqual([expect.objectContaining({ wid: "S2", mediaType: null, body: "[image unavailable]\nfoto S2" })]);
    // four tries (the inbox's last try delivers it), each one aborted
    expect(signals).toHaveLength(4);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it("a slow download holds back its own chat, not the others", async () => {
    let release = () => {};
    const slow = new Promise<Buffer>((r) => (release = () => r(Buffer.from("late"))));
    const t = await connected({ downloadMedia: () => slow });
    t.sock().upsert([image("A1", "5511911110003"), text("A2", "5511911110003"), text("B1", "5511911110004")]);
    await new Promise((r) => setTimeout(r, 30));
    expect(t.messages().map((m) => m.wid)).toEqual(["B1"]);
    release();
    await t.conn.settled();
    expect(t.messages().map((m) => m.wid)).toEqual(["B1", "A1", "A2"]);
  });

  it("a file WhatsApp announces larger than the limit is not downloaded: the message says its name and size", async () => {
    let asked = 0;
    const t = await connected({ mediaMaxBytes: 10 * 1_048_576, downloadMedia: async () => (asked++, Buffer.from("x")) });
    const big = (id: string, fileLength: number) =>
      waMessage({
        key: { remoteJid: "5511911110005@s.whatsapp.net", fromMe: false, id },
        messageTimestamp: T,
        message: { videoMessage: { mimetype: "video/mp4", fileLength, caption: "o vídeo" } },
      });
    t.sock().upsert([big("BIG", 52_428_800), big("SMALL", 1_048_576)]);
    await t.conn.settled();
    expect(t.messages()).toEqual([
      expect.objectContaining({ wid: "BIG", mediaType: null, body: "[video too large: BIG.mp4, 50.0 MB]\no vídeo" }),
      expect.objectContaining({ wid: "SMALL", mediaType: "video" }),
    ]);
    expect(asked).toBe(1);
  });
});
