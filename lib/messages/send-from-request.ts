import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import type { StoredMedia } from "@/lib/whatsapp/types";
import { FORM_ROOM_BYTES, isForm, readBody } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { fieldOf, withUploadStream, type StreamedUpload, type UploadLimits } from "@/lib/storage/upload-stream";
import { mediaTypeFromMime, type OutboundMedia } from "./media-type";
import { queueOutbound, sendableTicket } from "./queue-outbound";
import { sendMessageSchema } from "./schemas";

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 10;

/**
 * The agent upload's limits (the external API's too): `medias` files, streamed to storage, up to
 * 100 MB in all (two files at the limit, or more smaller ones) plus the form's room.
 */
export const MEDIA_UPLOAD: UploadLimits = {
  fileFields: ["medias"],
  maxFiles: MAX_UPLOAD_FILES,
  maxFileBytes: MAX_UPLOAD_BYTES,
  maxRequestBytes: 2 * MAX_UPLOAD_BYTES + FORM_ROOM_BYTES,
  tooMany: () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "medias", message: "tooLong" }] }),
};

/**
 * POST /messages/{ticketId}: JSON `{ body, quotedMsg? }` or multipart (`medias` files, `body`,
 * `quotedMsgId`). Files are streamed into storage as they arrive (lib/storage/upload-stream.ts);
 * a send refused afterwards (fields, ticket) deletes them, so it leaves no file behind.
 */
export async function sendFromRequest(db: Db, ctx: TenantContext, ticketId: number, req: Request) {
  if (!isForm(req)) return send(db, ctx, ticketId, await readJson(req), []);
  return withUploadStream(req, ctx.companyId, MEDIA_UPLOAD, (upload) => send(db, ctx, ticketId, fieldsOf(upload), upload.files));
}

async function send(db: Db, ctx: TenantContext, ticketId: number, fields: Record<string, unknown>, files: StoredMedia[]) {
  // as the route wrapper does for every body: another company's id answers 404
  if (fields.companyId !== undefined && fields.companyId !== "" && Number(fields.companyId) !== ctx.companyId) {
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  const input = sendMessageSchema.parse(fields);
  if (files.length) await sendableTicket(db, ctx, ticketId);
  const medias: OutboundMedia[] = files.map((f) => ({ path: f.path, mimetype: f.mimetype, filename: f.filename, type: mediaTypeFromMime(f.mimetype) }));
  const messages = await queueOutbound(db, ctx, ticketId, { body: input.body, medias, quotedMsgId: input.quotedMsg?.id ?? null });
  return { messages };
}

function fieldsOf(upload: StreamedUpload) {
  const text = (k: string) => fieldOf(upload, k);
  const quotedId = text("quotedMsgId") ?? quotedFromJson(text("quotedMsg"));
  return { body: text("body"), companyId: text("companyId"), quotedMsg: quotedId ? { id: quotedId } : null };
}

function quotedFromJson(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const id = (JSON.parse(raw) as { id?: unknown })?.id;
    return id === undefined || id === null ? undefined : String(id);
  } catch {
    return undefined;
  }
}

async function readJson(req: Request): Promise<Record<string, unknown>> {
  const parsed = await readBody(req);
  return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
}
