import { channels } from "./channels";
import { realtimeClient } from "./publish";

/**
 * Ids of the company's users online now: the members of its presence channel, asked of the
 * Pusher-protocol server (the presence channel replaces the 5-minute userStatus heartbeat).
 * Null when realtime is not configured or does not answer.
 */
export async function getOnlineUserIds(companyId: number): Promise<number[] | null> {
  const pusher = realtimeClient();
  if (!pusher) return null;
  try {
    const res = await pusher.get({ path: `/channels/${channels.presence(companyId)}/users` });
    if (!res.ok) return null;
    const body = (await res.json()) as { users: { id: string }[] };
    return body.users.map((u) => Number(u.id)).filter(Number.isInteger);
  } catch {
    return null;
  }
}
