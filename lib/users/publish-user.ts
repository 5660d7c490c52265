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
