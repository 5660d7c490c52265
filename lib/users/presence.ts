import { getOnlineUserIds } from "@/lib/realtime/online-users";

export type IsOnline = (user: { id: number; online: boolean }) => boolean;

/**
 * Who is online, the one answer every caller gives (GET /users, GET /users/{id}, the dashboard's
 * attendants): a member of the company's presence channel (a browser of theirs is open); when
 * realtime is not configured or does not answer, the stored flag (set at login, cleared at logout).
 */
export async function onlineChecker(companyId: number): Promise<IsOnline> {
  const ids = await getOnlineUserIds(companyId);
  if (!ids) return (u) => u.online;
  const online = new Set(ids);
  return (u) => online.has(u.id);
}
