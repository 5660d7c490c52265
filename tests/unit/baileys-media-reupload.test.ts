// Issue 33 §9: an old message's media URL expires (the media server answers 404 or 410). The phone
// is asked to upload the file again (Baileys' updateMediaMessage), once, and the file is fetched
// from its new place; gone from both, the message is delivered at once without it. Baileys'
// own re-upload (downloadMediaMessage's reuploadRequest) never runs in 7.0.0-rc14: the last test
// drives Baileys' real download against a media server that answers 410.
import { createCipheriv, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Boom } from "@hapi/boom";
import { assertMediaContent, getMediaKeys, type WAMessage } from "@whiskeysockets/baileys";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import { REUPLOADED_PATH, startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";
import { withTempStorage } from "../helpers/temp-storage";

const T = 1_760_000_000;
const storage = withTempStorage("baileys-media-reupload-");
afterEach(() => void vi.unstubAllGlobals());

const OLD_PATH = "/v/t62.7118-24/expired";
const image = (id: string, mediaKey = randomBytes(32)) =>
  waMessage({
    key: { remoteJid: "5511933330001@s.whatsapp.net", fromMe: false, id },
    messageTimestamp: T,
    message: { imageMessage: { mimetype: "image/jpeg", caption: `foto ${id}`, mediaKey, directPath: OLD_PATH, url: `https://mmg.whatsapp.net${OLD_PATH}` } },
  });

// what Baileys' fetch throws on an HTTP error (getHttpStream): a Boom, the status in output.statusCode
const httpError = (status: number) => new Boom(`Failed to fetch stream from https://mmg.whatsapp.net${OLD_PATH}`, { statusCode: status });
const reuploaded = (m: WAMessage) => assertMediaContent(m.message).directPath === REUPLOADED_PATH;

async function connected(deps: Partial<BaileysDeps>) {
  const t = await startFakeConnection(deps);
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta inbound media: expired media URLs", () => {
  it.each([404, 410])("a %i asks the phone to upload the file again, once, and fetches it from there", async (status) => {
    const fetched: string[] = [];
    const t = await connected({
      downloadMedia: async (m) => {
        fetched.push(assertMediaContent(m.message).directPath!);
        if (!reuploaded(m)) throw httpError(status);
        return Buffer.from("uploaded again");
      },
    });
    t.sock().upsert([image("R1")]);
    await t.conn.settled();
    expect(t.sock().mediaUpdates).toEqual(["R1"]);
    expect(fetched).toEqual([OLD_PATH, REUPLOADED_PATH]);
    const [m] = t.messages();
    expect(m).toMatchObject({ wid: "R1", mediaType: "image", body: "foto R1" });
    expect(await readFile(path.join(storage.path, m.media!.path), "utf8")).toBe("uploaded again");
  });

  it("still gone after the re-upload: the message is delivered at once without its file, the phone asked once", async () => {
    let fetches = 0;
    const t = await connected({ downloadMedia: async () => (fetches++, Promise.reject(httpError(404))) });
    t.sock().upsert([image("R2")]);
    await t.conn.settled();
    expect(t.sock().mediaUpdates).toEqual(["R2"]);
    expect(fetches).toBe(2);
    expect(t.messages()).toEqual([expect.objectContaining({ wid: "R2", mediaType: null, body: "[image unavailable]\nfoto R2" })]);
    expect(t.messages()[0].media).toBeUndefined();
  });

  it("the phone no longer has the file either: delivered without it, not fetched again", async () => {
    let fetches = 0;
    const t = await connected({ downloadMedia: async () => (fetches++, Promise.reject(httpError(410))) });
    t.world.mediaUpdateError = new Boom("Media re-upload failed by device (NOT_FOUND)", { statusCode: 404 });
    t.sock().upsert([image("R3")]);
    await t.conn.settled();
    expect(t.sock().mediaUpdates).toEqual(["R3"]);
    expect(fetches).toBe(1);
    expect(t.messages()).toEqual([expect.objectContaining({ wid: "R3", mediaType: null, body: "[image unavailable]\nfoto R3" })]);
  });

  it("another failure is no expiry: no re-upload, the inbox tries again and delivers without the file on its last try", async () => {
    let fetches = 0;
    const t = await connected({ downloadMedia: async () => (fetches++, Promise.reject(httpError(500))) });
    t.sock().upsert([image("R4")]);
    await t.conn.settled();
    expect(t.sock().mediaUpdates).toEqual([]);
    expect(fetches).toBe(4);
    expect(t.messages()).toEqual([expect.objectContaining({ wid: "R4", body: "[image unavailable]\nfoto R4" })]);
  });

  it("with Baileys' own download: a 410 from the media server brings the re-upload, and the file is decrypted from its new place", async () => {
    const mediaKey = randomBytes(32);
    const { cipherKey, iv } = await getMediaKeys(mediaKey, "image");
    const cipher = createCipheriv("aes-256-cbc", cipherKey, iv);
    const encrypted = Buffer.concat([cipher.update("the photo's bytes"), cipher.final()]);
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(new URL(url).pathname);
      return url.includes(REUPLOADED_PATH) ? new Response(encrypted) : new Response(null, { status: 410 });
    });
    // no downloadMedia: the provider's own, Baileys' downloadMediaMessage
    const t = await connected({});
    t.sock().upsert([image("R5", mediaKey)]);
    await t.conn.settled();
    expect(asked).toEqual([OLD_PATH, REUPLOADED_PATH]);
    expect(t.sock().mediaUpdates).toEqual(["R5"]);
    const [m] = t.messages();
    expect(m).toMatchObject({ wid: "R5", mediaType: "image" });
    expect(await readFile(path.join(storage.path, m.media!.path), "utf8")).toBe("the photo's bytes");
  });
});
