import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { isForm, readBody, readForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { saveMedia } from "@/lib/storage";
import { mediaTypeFromMime, type OutboundMedia } from "./media-type";
import { queueOutbound, sendableTicket } from "./queue-outbound";
import { sendMessageSchema } from "./schemas";

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 10;

/**
 * POST /messages/{ticketId}: JSON `{ body, quotedMsg? }` or multipart (`medias` files, `body`,
 * `quotedMsgId`). Files are stored before the outbox rows are written; the ticket is checked first
 * so a refused send leaves no file behind.
 */
export async function sendFromRequest(db: Db, ctx: TenantContext, ticketId: number, req: Request) {
  const { fields, files } = isForm(req) ? await readUpload(req) : { fields: await readJson(req), files: [] };
  // as the route wrapper does for every body: another company's id answers 404
  if (fields.companyId !== undefined && fields.companyId !== "" && Number(fields.companyId) !== ctx.companyId) {
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  const input = sendMessageSchema.parse(fields);
  if (files.length) await sendableTicket(db, ctx, ticketId);
  const medias: OutboundMedia[] = [];
  for (const file of files) {
    const stored = await saveMedia(ctx.companyId, new Uint8Array(await file.arrayBuffer()), { mimetype: file.type, filename: file.name });
    medias.push({ ...stored, type: mediaTypeFromMime(stored.mimetype) });
  }
  const messages = await queueOutbound(db, ctx, ticketId, { body: input.body, medias, quotedMsgId: input.quotedMsg?.id ?? null });
  return { messages };
}

async function readUpload(req: Request) {
  const form = await readForm(req);
  // browsers send an empty "medias" part when no file was picked
  const files = form.getAll("medias").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.length > MAX_UPLOAD_FILES) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "medias", message: "tooLong" }] });
  if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const text = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : undefined);
  const quotedId = text("quotedMsgId") ?? quotedFromJson(text("quotedMsg"));
  return { fields: { body: text("body"), companyId: text("companyId"), quotedMsg: quotedId ? { id: quotedId } : null }, files };
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
