import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts, schedules, users } from "@/db/schema";
import { clip } from "@/lib/messages/message-text";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { mediaUrl } from "@/lib/storage";
import type { ScheduleStatus } from "./schemas";

/** A schedule as the API answers it (spec core §3 Schedule, plus the reason of an ERRO). */
export type ScheduleView = {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  sendAt: Date | string;
  sentAt: Date | string | null;
  status: ScheduleStatus;
  error: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  ticketId: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** The select every read shares: the schedule with its contact and author. Add the tenant where. */
export function selectSchedules(db: DbOrTx) {
  return db
    .select({
      id: schedules.id,
      body: schedules.body,
      contactId: schedules.contactId,
      contactName: contacts.name,
      contactNumber: contacts.number,
      contactPic: contacts.profilePicUrl,
      sendAt: schedules.sendAt,
      sentAt: schedules.sentAt,
      status: schedules.status,
      error: schedules.error,
      mediaPath: schedules.mediaPath,
      mediaName: schedules.mediaName,
      userId: schedules.userId,
      userName: users.name,
      ticketId: schedules.ticketId,
      createdAt: schedules.createdAt,
      updatedAt: schedules.updatedAt,
    })
    .from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId));
}

type Row = Awaited<ReturnType<typeof selectSchedules>>[number];

export function toScheduleView(r: Row): ScheduleView {
  return {
    id: r.id,
    body: r.body,
    contactId: r.contactId,
    contact: { id: r.contactId, name: r.contactName, number: r.contactNumber, profilePicUrl: r.contactPic },
    sendAt: r.sendAt,
    sentAt: r.sentAt,
    status: r.status as ScheduleStatus,
    error: r.error,
    mediaPath: r.mediaPath,
    mediaName: r.mediaName,
    mediaUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
    userId: r.userId,
    user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    ticketId: r.ticketId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

// the calendar shows a preview; the modal reads the whole schedule by id
const EVENT_BODY_MAX = 500;

/** `schedule` events on the company channel (admin §7: create, update, delete), well under 10 KB. */
export async function publishSchedule(companyId: number, change: { action: "create" | "update"; schedule: ScheduleView } | { action: "delete"; scheduleId: number }) {
  const data =
    change.action === "delete"
      ? change
      : { action: change.action, schedule: { ...change.schedule, body: clip(change.schedule.body, EVENT_BODY_MAX) } };
  await publish({ channels: [channels.company(companyId)], event: EVENTS.schedule, data });
}
