import type { MediaType, StoredMedia } from "@/lib/whatsapp/types";

/** A stored upload and how it is sent. */
export type OutboundMedia = StoredMedia & { type: MediaType };

/** How a file is sent, from its mimetype: image, audio, video, else a document. */
export function mediaTypeFromMime(mimetype: string): MediaType {
  const major = mimetype.split("/")[0]?.toLowerCase();
  return major === "image" || major === "audio" || major === "video" ? major : "document";
}

// Rows use the spec's names (core §3 Message: image, audio, video, application, ...), the provider
// contract its own (document); these two convert.
export const rowMediaType = (type: MediaType): string => (type === "document" ? "application" : type);

export function sendMediaType(rowType: string | null): MediaType {
  return rowType === "image" || rowType === "audio" || rowType === "video" || rowType === "sticker" ? rowType : "document";
}

/** Media types WhatsApp shows a caption under. */
export const takesCaption = (type: MediaType) => type === "image" || type === "video" || type === "document";
