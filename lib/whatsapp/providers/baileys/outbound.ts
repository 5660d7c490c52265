import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from "@whiskeysockets/baileys";
import { AppError } from "@/lib/api/errors";
import { readMedia } from "@/lib/storage";
import type { OutboundMessage } from "../../types";

/**
 * The bytes of a stored file, for sending. readMedia refuses another company's key, so an outbox
 * row can never send a file of another tenant; a missing file fails the send.
 */
export async function readStoredFile(companyId: number, key: string): Promise<Buffer> {
  try {
    return (await readMedia(companyId, key)).data;
  } catch {
    throw new AppError("ERR_SENDING_WAPP_MSG");
  }
}

/** The quoted message Baileys puts in the reply's context, rebuilt from what the outbox row kept. */
export function quotedMessage(jid: string, quoted: NonNullable<OutboundMessage["quoted"]>): WAMessage {
  const participant = quoted.participant
    ? quoted.participant.includes("@")
      ? quoted.participant
      : `${quoted.participant.replace(/\D/g, "")}@s.whatsapp.net`
    : undefined;
  return {
    key: { remoteJid: jid, fromMe: quoted.fromMe, id: quoted.wid, ...(participant ? { participant } : {}) },
    message: { conversation: quoted.body },
  };
}

async function contentOf(companyId: number, msg: OutboundMessage): Promise<AnyMessageContent> {
  const media = msg.media;
  if (!media) return { text: msg.body };
  const bytes = await readStoredFile(companyId, media.path);
  const caption = msg.body || undefined;
  switch (media.type) {
    case "image":
      return { image: bytes, caption, mimetype: media.mimetype };
    case "video":
      return { video: bytes, caption, mimetype: media.mimetype };
    // a voice note (ptt) or an audio file; WhatsApp shows no caption on audio
    case "audio":
      return { audio: bytes, ptt: !!media.ptt, mimetype: media.mimetype };
    case "sticker":
      return { sticker: bytes, mimetype: media.mimetype };
    case "document":
      return { document: bytes, mimetype: media.mimetype, fileName: media.filename, caption };
  }
}

/** What sendMessage takes for an outbox row: the content, our wid as messageId, the quote. */
export async function buildOutbound(
  companyId: number,
  msg: OutboundMessage,
  jid: string,
): Promise<{ content: AnyMessageContent; options: MiscMessageGenerationOptions }> {
  const content = await contentOf(companyId, msg);
  const options: MiscMessageGenerationOptions = { messageId: msg.wid };
  if (msg.quoted) options.quoted = quotedMessage(jid, msg.quoted);
  return { content, options };
}
