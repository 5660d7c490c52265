// Issue 33 §9: a download's time budget also cuts a file that stalls half way through its stream
// (Baileys' fetch does not read the abort signal), so storage stops writing it and drops it.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";
import { withTempStorage } from "../helpers/temp-storage";

withTempStorage("baileys-media-abort-");

describe("beta inbound media: a stream that stalls", () => {
  it("is cut when its time is up, and the message is delivered without it on the last try", async () => {
    const streams: PassThrough[] = [];
    const t = await startFakeConnection({
      mediaTimeoutMs: 30,
      downloadMedia: async () => {
        const s = new PassThrough();
        s.write(Buffer.from("the first part, then nothing"));
        streams.push(s);
        return s;
      },
    });
    t.sock().open();
    await t.conn.settled();
    t.sock().upsert([
      waMessage({
        key: { remoteJid: "5511944440001@s.whatsapp.net", fromMe: false, id: "H1" },
        messageTimestamp: 1_760_000_000,
        message: { videoMessage: { mimetype: "video/mp4", caption: "o vídeo" } },
      }),
    ]);
    await t.conn.settled();
    expect(t.messages()).toEqual([expect.objectContaining({ wid: "H1", mediaType: null, body: "[video unavailable]\no vídeo" })]);
    expect(streams).toHaveLength(4);
    // each try's stream was cut (the disk driver removes a file whose stream failed)
    expect(streams.every((s) => s.destroyed)).toBe(true);
  });
});
