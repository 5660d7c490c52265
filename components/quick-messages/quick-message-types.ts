/** A row of the quick messages page (GET /api/quick-messages). */
export type QuickMessageRow = {
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
  updatedAt: string;
};

/**
 * `quickMessage` events: shared ones on the company channel, personal ones on the owner's channel;
 * a delete with `exceptUserId` (a shared one made personal) is not for that user.
 */
export type QuickMessageEvent =
  | { action: "create" | "update"; record: QuickMessageRow }
  | { action: "delete"; id: number; exceptUserId?: number | null };

/** The owner changes their own; admins also change the shared ones. */
export const canEdit = (viewer: { userId: number; isAdmin: boolean }, row: Pick<QuickMessageRow, "userId" | "geral">) =>
  row.userId === viewer.userId || (row.geral && viewer.isAdmin);
