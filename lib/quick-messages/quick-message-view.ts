import { and, eq, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { quickMessages } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { mediaUrl } from "@/lib/storage";

/** A quick message as the API answers it (spec core §3, plus the file's authenticated URL). */
export type QuickMessageView = {
  id: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  isMedia: boolean;
  geral: boolean;
  status: boolean;
  userId: number | null;
  companyId: number;
  updatedAt: Date;
};

export const quickMessageColumns = {
  id: quickMessages.id,
  shortcode: quickMessages.shortcode,
  message: quickMessages.message,
  mediaPath: quickMessages.mediaPath,
  mediaName: quickMessages.mediaName,
  geral: quickMessages.geral,
  status: quickMessages.status,
  userId: quickMessages.userId,
  companyId: quickMessages.companyId,
  updatedAt: quickMessages.updatedAt,
};

type Row = Omit<QuickMessageView, "mediaUrl" | "isMedia">;

export const toQuickMessageView = (r: Row): QuickMessageView => ({
  ...r,
  mediaUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
  isMedia: Boolean(r.mediaPath),
});

/** Which quick messages a user sees: their own, and the company's shared (geral) ones. */
export function visibleQuickMessages(ctx: Pick<TenantContext, "companyId" | "userId">): SQL {
  return and(eq(quickMessages.companyId, ctx.companyId), or(eq(quickMessages.userId, ctx.userId), eq(quickMessages.geral, true)))!;
}

/** The owner changes their own; admins also change the shared ones (never someone's personal one). */
export const canEditQuickMessage = (ctx: Pick<TenantContext, "userId" | "profile">, row: Pick<Row, "userId" | "geral">) =>
  row.userId === ctx.userId || (row.geral && isAdmin(ctx));

/**
 * GET /quick-messages/{id}: one the caller sees. Another user's personal message, like another
 * company's, answers 404: it does not exist for this caller.
 */
export function getQuickMessage(db: DbOrTx, ctx: TenantContext, id: number): Promise<QuickMessageView> {
  return readQuickMessage(db, ctx.companyId, id, visibleQuickMessages(ctx));
}

/** A quick message of a company by id (and `where`, when given); 404 when there is none. */
export async function readQuickMessage(db: DbOrTx, companyId: number, id: number, where?: SQL): Promise<QuickMessageView> {
  const [row] = await db
    .select(quickMessageColumns)
    .from(quickMessages)
    .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, companyId), where));
  if (!row) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND", 404);
  return toQuickMessageView(row);
}

/** One the caller may change: 404 when they do not see it, 403 for a shared one of someone else's. */
export async function getEditableQuickMessage(db: DbOrTx, ctx: TenantContext, id: number) {
  const row = await getQuickMessage(db, ctx, id);
  if (!canEditQuickMessage(ctx, row)) throw new AppError("ERR_NO_PERMISSION", 403);
  return row;
}
