import { getContentType, proto, toNumber } from "@whiskeysockets/baileys";
import type { InboundMessage } from "../../types";
import { IGNORED_CONTENT, placeholderBody } from "./unrendered";

type IMessage = proto.IMessage;
export type MediaKind = "imageMessage" | "videoMessage" | "ptvMessage" | "audioMessage" | "documentMessage" | "stickerMessage";

/** What one WhatsApp message content means to the product, before any download or lookup. */
export type Content =
  | { kind: "text"; body: string }
  | { kind: "location"; body: string }
  | { kind: "vcard"; body: string }
  | {
      kind: "media";
      source: MediaKind;
      mediaType: NonNullable<InboundMessage["mediaType"]>;
      body: string;
      mimetype: string;
      filename: string;
      /** the size WhatsApp announces (fileLength), 0 when it says none */
      bytes: number;
    }
  | { kind: "edit"; wid: string; body: string }
  | { kind: "revoke"; wid: string }
  // a content we do not render (a poll, an event, an order...): stored as a text naming it
  | { kind: "placeholder"; type: string; body: string }
  | { kind: "ignore" };

const MEDIA_TYPE: Record<MediaKind, NonNullable<InboundMessage["mediaType"]>> = {
  imageMessage: "image",
  videoMessage: "video",
  // a video note (the round video) is a video
  ptvMessage: "video",
  audioMessage: "audio",
  documentMessage: "application",
  stickerMessage: "sticker",
};

const EXT: Record<string, string> = {
  "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif",
  "video/mp4": "mp4", "video/3gpp": "3gp", "audio/ogg": "ogg", "audio/mpeg": "mp3", "audio/mp4": "m4a",
  "audio/aac": "aac", "application/pdf": "pdf",
};

const extensionOf = (mimetype: string) => EXT[mimetype.split(";")[0].trim().toLowerCase()] ?? "bin";

/** The text a content carries (edits replace it): plain text, extended text or a media caption. */
export function textOf(content: IMessage | null | undefined): string {
  if (!content) return "";
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    ""
  );
}

// spec (core.md §2): a location body is "image|link|description"; the image is the thumbnail as a
// data URL. A pipe inside the description would shift the parts, so it becomes a slash.
export function locationBody(loc: proto.Message.ILocationMessage & proto.Message.ILiveLocationMessage): string {
  const lat = loc.degreesLatitude ?? 0;
  const lng = loc.degreesLongitude ?? 0;
  const image = loc.jpegThumbnail?.length ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString("base64")}` : "";
  const link = `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;
  const description = [loc.name, loc.address, loc.caption, loc.comment].filter(Boolean).join("\n").replace(/\|/g, "/");
  return `${image}|${link}|${description}`;
}

/** The wid of the message this one replies to. */
export function quotedWidOf(content: IMessage | undefined): string | undefined {
  const type = content && getContentType(content);
  if (!type || !content) return undefined;
  const inner = content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  return (inner && typeof inner === "object" && inner.contextInfo?.stanzaId) || undefined;
}

/**
 * Reads an already unwrapped content (normalizeMessageContent: ephemeral, view-once, document
 * with caption). What is on IGNORED_CONTENT (reactions, votes, protocol messages other than
 * edit/revoke, key distribution) and stubs are ignored; any other content we do not render becomes
 * a placeholder naming it. Calls are read from the `call` event.
 */
export function readContent(content: IMessage | undefined, wid: string): Content {
  if (!content) return { kind: "ignore" };
  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return { kind: "ignore" };
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { kind: "revoke", wid: target };
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      return { kind: "edit", wid: target, body: textOf(protocol.editedMessage) };
    }
    return { kind: "ignore" };
  }
  const type = getContentType(content);
  switch (type) {
    case "conversation":
    case "extendedTextMessage":
      return { kind: "text", body: textOf(content) };
    case "buttonsResponseMessage":
      return { kind: "text", body: content.buttonsResponseMessage?.selectedDisplayText ?? "" };
    case "templateButtonReplyMessage":
      return { kind: "text", body: content.templateButtonReplyMessage?.selectedDisplayText ?? "" };
    case "listResponseMessage":
      return { kind: "text", body: content.listResponseMessage?.title ?? "" };
    case "locationMessage":
      return { kind: "location", body: locationBody(content.locationMessage ?? {}) };
    case "liveLocationMessage":
      return { kind: "location", body: locationBody(content.liveLocationMessage ?? {}) };
    case "contactMessage":
      return { kind: "vcard", body: content.contactMessage?.vcard ?? "" };
    case "contactsArrayMessage":
      return { kind: "vcard", body: (content.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard ?? "").join("\n") };
    case "imageMessage":
    case "videoMessage":
    case "ptvMessage":
    case "audioMessage":
    case "documentMessage":
    case "stickerMessage": {
      const media = content[type] as proto.Message.IDocumentMessage & proto.Message.IImageMessage;
      const mimetype = media.mimetype || "application/octet-stream";
      const filename = media.fileName || `${wid}.${extensionOf(mimetype)}`;
      const body = media.caption || (type === "documentMessage" ? filename : "");
      return { kind: "media", source: type, mediaType: MEDIA_TYPE[type], body, mimetype, filename, bytes: toNumber(media.fileLength ?? 0) };
    }
    default:
      // no content type: a stub, or only keys and context
      if (!type || IGNORED_CONTENT.has(type)) return { kind: "ignore" };
      return { kind: "placeholder", type, body: placeholderBody(content, type) };
  }
}
