import type { Readable } from "node:stream";
import { downloadMediaMessage, type WAMessage } from "@whiskeysockets/baileys";
import { saveMedia } from "@/lib/storage";
import type { StoredMedia } from "../../types";
import { InboxNotNow } from "../../worker/inbox-drain";
import type { MediaContent } from "./inbound";
import { silentLogger } from "./logger";
import type { BaileysSocket } from "./socket-types";
import { withTimeout } from "./with-timeout";

export type DownloadMedia = (message: WAMessage, sock: BaileysSocket, signal: AbortSignal) => Promise<Buffer | Readable>;

// a media download, from asking to stored: a stalled one is tried again (the inbox), not waited on for ever
const MEDIA_TIMEOUT_MS = 120_000;

// streamed into storage: a 60 MB video is never a 60 MB buffer in the worker; a 404 or 410 from the
// media server makes Baileys ask the phone to upload it again, once
const defaultDownload: DownloadMedia = (message, sock, signal) =>
  downloadMediaMessage(message, "stream", { options: { signal } }, { reuploadRequest: sock.updateMediaMessage, logger: silentLogger });

/**
 * Downloads a received message's media into the company's storage. A failure throws: the inbox
 * tries the row again, and delivers it without the file on its last try.
 */
export function createMediaStore(o: { companyId: number; socket: () => BaileysSocket | null; download?: DownloadMedia; timeoutMs?: number }) {
  const download = o.download ?? defaultDownload;
  return async (message: WAMessage, content: MediaContent): Promise<StoredMedia> => {
    const socket = o.socket();
    if (!socket) throw new InboxNotNow("no socket");
    return await withTimeout(o.timeoutMs ?? MEDIA_TIMEOUT_MS, (signal) =>
      download(message, socket, signal).then((data) => saveMedia(o.companyId, data, { mimetype: content.mimetype, filename: content.filename })),
    );
  };
}
