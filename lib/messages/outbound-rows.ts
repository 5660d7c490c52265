import { AppError } from "@/lib/api/errors";
import { V } from "@/lib/validation/messages";
import { takesCaption, type OutboundMedia } from "./media-type";

export type OutboundRow = { body: string; media: OutboundMedia | null };

/**
 * The outbox rows of one send: the text alone, or one row per file with the text as the caption
 * of the first file that can carry one (audio cannot: the text then goes first, on its own).
 */
export function outboundRows(body: string, medias: OutboundMedia[]): OutboundRow[] {
  const text = body.trim() ? body : "";
  if (!medias.length) {
    if (!text) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "body", message: V.required }] });
    return [{ body: text, media: null }];
  }
  const captioned = text ? medias.findIndex((m) => takesCaption(m.type)) : -1;
  const rows = medias.map((media, i) => ({ body: i === captioned ? text : "", media }));
  return text && captioned < 0 ? [{ body: text, media: null }, ...rows] : rows;
}
