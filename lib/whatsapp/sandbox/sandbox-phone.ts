import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { sandboxMessages, sandboxSessions } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { mediaUrl, saveMedia } from "@/lib/storage";
import type { SandboxInbound } from "./schemas";

type Conn = { id: number; companyId: number };

export const newSandboxWid = () => `SBX${randomBytes(9).toString("hex").toUpperCase()}`;

/** The phone's view of the connection: a QR to scan, or paired with a number. */
export async function getSandboxState(db: DbOrTx, conn: Conn) {
  const [s] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.whatsappId, conn.id));
  return { qrCode: s?.qrCode ?? null, paired: Boolean(s?.pairedAt), number: s?.number ?? null };
}

/** Scans the QR the connection shows (the code must match when given): the connection pairs. */
export async function scanSandboxQr(db: DbOrTx, conn: Conn, input: { code?: string; number?: string }) {
  const state = await getSandboxState(db, conn);
  if (!state.qrCode) throw new AppError("ERR_SANDBOX_NO_QR", 409);
  if (input.code && input.code !== state.qrCode) throw new AppError("ERR_SANDBOX_QR_MISMATCH", 409);
  const number = input.number ?? `5511900${String(conn.id).padStart(6, "0")}`;
  await db
    .update(sandboxSessions)
    .set({ pairedAt: new Date(), qrCode: null, number })
    .where(eq(sandboxSessions.whatsappId, conn.id));
  return { paired: true, number };
}

/**
 * A message from the simulated customer, waiting for the worker that runs the connection: one
 * statement inserts it and notifies the worker (`sandbox`, the connection id), which polls at once.
 * A repeated `id` is answered as a duplicate and stored once.
 */
export async function sendFromSandboxPhone(db: DbOrTx, conn: Conn, input: SandboxInbound, file?: File) {
  const wid = input.id ?? newSandboxWid();
  // only an id the caller chose can repeat: checked before a file is stored for nothing
  if (input.id && (await isKnown(db, conn, wid))) return { id: wid, duplicate: true };
  const media = file ? await saveUpload(conn.companyId, file) : input.mediaUrl ? await saveDataUrl(conn.companyId, input.mediaUrl, input.fileName) : null;
  if (!input.body && !media && input.mediaType !== "locationMessage") throw new AppError("ERR_SANDBOX_EMPTY_MESSAGE", 400);
  const rows = await db
    .insert(sandboxMessages)
    .values({
      companyId: conn.companyId,
      whatsappId: conn.id,
      direction: "in",
      wid,
      number: input.from,
      name: input.name,
      body: input.body,
      mediaType: input.mediaType ?? (media ? kindOf(media.mimetype) : null),
      mediaPath: media?.path ?? null,
      mediaName: media?.filename ?? null,
      quotedWid: input.quotedId ?? null,
    })
    .onConflictDoNothing({ target: [sandboxMessages.whatsappId, sandboxMessages.direction, sandboxMessages.wid] })
    // the notification goes with the row it announces (none for a duplicate)
    .returning({ id: sandboxMessages.id, notified: sql`pg_notify('sandbox', ${String(conn.id)})` });
  return { id: wid, duplicate: rows.length === 0 };
}

async function isKnown(db: DbOrTx, conn: Conn, wid: string) {
  const [row] = await db
    .select({ id: sandboxMessages.id })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.whatsappId, conn.id), eq(sandboxMessages.direction, "in"), eq(sandboxMessages.wid, wid)));
  return Boolean(row);
}

/** The conversation the phone shows with one customer (or the latest agent messages). */
export async function listSandboxConversation(db: DbOrTx, conn: Conn, to?: string) {
  const where = to
    ? and(eq(sandboxMessages.whatsappId, conn.id), eq(sandboxMessages.number, to))
    : and(eq(sandboxMessages.whatsappId, conn.id), eq(sandboxMessages.direction, "out"));
  const rows = await db.select().from(sandboxMessages).where(where).orderBy(desc(sandboxMessages.id)).limit(200);
  return rows.reverse().map((r) => ({
    id: r.wid,
    direction: r.direction,
    number: r.number,
    name: r.name,
    body: r.body,
    mediaType: r.mediaType,
    mediaUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
    mediaName: r.mediaName,
    quotedId: r.quotedWid,
    ack: r.ack,
    processed: r.direction === "out" || Boolean(r.processedAt),
    createdAt: r.createdAt,
  }));
}

/** The phone read (3) or played (4, 5) agent messages; the worker reports the acks. */
export async function ackOnSandboxPhone(db: DbOrTx, conn: Conn, input: { id?: string; to?: string; ack: number }) {
  if (!input.id && !input.to) throw new AppError("ERR_VALIDATION", 400);
  const rows = await db
    .update(sandboxMessages)
    .set({ ack: input.ack, ackReported: false })
    .where(
      and(
        eq(sandboxMessages.whatsappId, conn.id),
        eq(sandboxMessages.direction, "out"),
        lt(sandboxMessages.ack, input.ack),
        input.id ? eq(sandboxMessages.wid, input.id) : eq(sandboxMessages.number, input.to!),
      ),
    )
    .returning({ wid: sandboxMessages.wid });
  return { updated: rows.map((r) => r.wid) };
}

export async function listSandboxCustomers(db: DbOrTx, conn: Conn) {
  return db
    .select({ number: sandboxMessages.number, name: sql<string>`max(${sandboxMessages.name})`, last: sql<number>`max(${sandboxMessages.id})` })
    .from(sandboxMessages)
    .where(eq(sandboxMessages.whatsappId, conn.id))
    .groupBy(sandboxMessages.number)
    .orderBy(asc(sql`max(${sandboxMessages.id})`));
}

const kindOf = (mime: string) => (mime.startsWith("image/") ? "image" : mime.startsWith("audio/") ? "audio" : mime.startsWith("video/") ? "video" : "document");

async function saveUpload(companyId: number, file: File) {
  return saveMedia(companyId, new Uint8Array(await file.arrayBuffer()), { mimetype: file.type, filename: file.name });
}

async function saveDataUrl(companyId: number, dataUrl: string, fileName?: string) {
  const m = dataUrl.match(/^data:([\w.+-]+\/[\w.+-]+)?(;base64)?,(.*)$/s);
  if (!m) throw new AppError("ERR_SANDBOX_BAD_MEDIA", 400);
  const mime = m[1] ?? "application/octet-stream";
  const bytes = m[2] ? Buffer.from(m[3], "base64") : Buffer.from(decodeText(m[3]));
  const ext = mime.split("/")[1]?.replace(/[^\w]/g, "") || "bin";
  return saveMedia(companyId, bytes, { mimetype: mime, filename: fileName ?? `arquivo.${ext}` });
}

// a data URL's text is percent-encoded: a broken escape is a bad file, not a server error
function decodeText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new AppError("ERR_SANDBOX_BAD_MEDIA", 400);
  }
}
