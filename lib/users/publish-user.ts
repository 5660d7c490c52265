import { channels, EVENTS } from "@/lib/realtime/channels";
import type { RealtimeEvent } from "@/lib/realtime/publish";

type UserRowFields = { id: number; name: string; email: string; profile: string; online: boolean };

/**
 * The fields of the users table. Emails and rights are for admins (the users page is theirs), so
 * these events go on the company's admins channel, not to every user.
 */
const summary = (u: UserRowFields) => ({ id: u.id, name: u.name, email: u.email, profile: u.profile, online: u.online });

export const userCreated = (companyId: number, u: UserRowFields): RealtimeEvent => ({
  channels: [channels.admins(companyId)],
  event: EVENTS.user,
  data: { action: "create", user: summary(u) },
});

export const userUpdated = (companyId: number, u: UserRowFields): RealtimeEvent => ({
  channels: [channels.admins(companyId)],
  event: EVENTS.user,
  data: { action: "update", user: summary(u) },
});

export const userDeleted = (companyId: number, userId: number): RealtimeEvent => ({
  channels: [channels.admins(companyId)],
  event: EVENTS.user,
  data: { action: "delete", userId },
});

/**
 * A renamed user's own pages (their greeting, their signature) follow on their own channel: the
 * name only, as the admins' events carry emails and rights.
 */
export const userRenamed = (companyId: number, u: { id: number; name: string }): RealtimeEvent => ({
  channels: [channels.user(companyId, u.id)],
  event: EVENTS.user,
  data: { action: "update", user: { id: u.id, name: u.name } },
});
