import type { Readable } from "node:stream";
import { downloadMediaMessage, type WAMessage } from "@whiskeysockets/baileys";
import { saveMedia } from "@/lib/storage";
import type { StoredMedia } from "../../types";
import { InboxNotNow } from "../../worker/inbox-drain";
import type { MediaContent } from "./inbound";
import type { ConnectionLog } from "./logger";
import type { BaileysSocket } from "./socket-types";
import { withTimeout } from "./with-timeout";

/** Fetches a message's media once, as the message says where it is (no re-upload); `signal` aborts it. */
export type DownloadMedia = (message: WAMessage, sock: BaileysSocket, signal: AbortSignal) => Promise<Buffer | Readable>;

// a media download, from asking to stored: a stalled one is tried again (the inbox), not waited on for ever
const MEDIA_TIMEOUT_MS = 120_000;

// streamed into storage: a 60 MB video is never a 60 MB buffer in the worker. Without Baileys'
// `reuploadRequest`: in 7.0.0-rc14 its own re-upload never runs (it reads `error.status`, and the
// media server's answer is a Boom, whose status is `output.statusCode`: WhiskeySockets/Baileys#2767),
// and should a release fix it, one expired file would ask the phone twice. The store asks, below.
const defaultDownload: DownloadMedia = (message, _sock, signal) => downloadMediaMessage(message, "stream", { options: { signal } });

/** The HTTP status a failed download or re-upload carries: a Boom's, or a plain `status`. */
function statusOf(err: unknown): number | undefined {
  const e = err as { status?: unknown; output?: { statusCode?: unknown } } | undefined;
  const status = e?.output?.statusCode ?? e?.status;
  return typeof status === "number" ? status : undefined;
}

// the media server no longer has the file (its URL expired: an old message), or the phone neither
const isGone = (err: unknown) => statusOf(err) === 404 || statusOf(err) === 410;

/**
 * Downloads a received message's media into the company's storage. When the media server answers
 * 404 or 410 the phone is asked to upload the file again (`updateMediaMessage`), once, and it is
 * fetched once more; gone from both, it answers null: the message is delivered at once without it
 * (`[image unavailable]`), asking the phone again on each of the inbox's tries would not bring it
 * back. Any other failure throws: the inbox tries the row again, and delivers it without the file
 * on its last try.
 */
export function createMediaStore(o: {
  companyId: number;
  socket: () => BaileysSocket | null;
  download?: DownloadMedia;
  timeoutMs?: number;
  log?: Pick<ConnectionLog, "warn">;
}) {
  const download = o.download ?? defaultDownload;
  const log = o.log ?? { warn: (msg: string) => console.warn(`[baileys company ${o.companyId}]`, msg) };

  async function fetchMedia(message: WAMessage, socket: BaileysSocket, signal: AbortSignal): Promise<Buffer | Readable | null> {
    try {
      return await download(message, socket, signal);
    } catch (err) {
      if (!isGone(err)) throw err;
    }
    try {
      // Baileys writes the new location into the message's content and answers the message
      const uploaded = await socket.updateMediaMessage(message);
      return await download(uploaded, socket, signal);
    } catch (err) {
      if (!isGone(err)) throw err;
      log.warn(`media of ${message.key.id} is no longer on WhatsApp's server nor on the phone (${statusOf(err)}): delivered without it`);
      return null;
    }
  }

  return async (message: WAMessage, content: MediaContent): Promise<StoredMedia | null> => {
    const socket = o.socket();
    if (!socket) throw new InboxNotNow("no socket");
    return await withTimeout(o.timeoutMs ?? MEDIA_TIMEOUT_MS, async (signal) => {
      const data = await fetchMedia(message, socket, signal);
      if (!data) return null;
      // Baileys' fetch does not read the signal: a download still flowing when the time is up is
      // cut here, so storage drops what it had written (the timeout is what the inbox is told, so
      // the cut's own error needs no other listener, even before storage reads the stream)
      if (!Buffer.isBuffer(data)) {
        const cut = () => data.on("error", () => {}).destroy(signal.reason as Error);
        if (signal.aborted) cut();
        else signal.addEventListener("abort", cut, { once: true });
      }
      return await saveMedia(o.companyId, data, { mimetype: content.mimetype, filename: content.filename });
    });
  };
}
