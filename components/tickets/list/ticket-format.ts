import { format, isSameDay } from "date-fns";

/** spec core §2: a ticket's time is HH:mm when it is from today, otherwise dd/MM/yyyy. */
export function formatTicketTime(updatedAt: string | Date, now: Date = new Date()): string {
  const d = new Date(updatedAt);
  if (Number.isNaN(d.getTime())) return "";
  return isSameDay(d, now) ? format(d, "HH:mm") : format(d, "dd/MM/yyyy");
}

const SHORT_NAME_MAX = 10;

/** spec core §2: on a narrow screen (body under 600 px) names over 10 characters end in "...". */
export function displayName(name: string, narrow: boolean): string {
  const chars = Array.from(name);
  return narrow && chars.length > SHORT_NAME_MAX ? `${chars.slice(0, SHORT_NAME_MAX).join("")}...` : name;
}

/** The unread badge text: big numbers stay short. */
export const unreadLabel = (n: number) => (n > 99 ? "99+" : String(n));

/** A message's time in the peek: HH:mm today, else the day too. */
export function formatMessageTime(createdAt: string | Date, now: Date = new Date()): string {
  const d = new Date(createdAt);
  if (Number.isNaN(d.getTime())) return "";
  return isSameDay(d, now) ? format(d, "HH:mm") : format(d, "dd/MM/yyyy HH:mm");
}
