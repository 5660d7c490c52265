import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import type { ContactRow } from "./contact-view";

// The list fields only (never extraInfo), so an event stays far under Pusher's 10 KB.
const summary = (c: ContactRow) => ({
  id: c.id,
  uuid: c.uuid,
  name: c.name,
  number: c.number,
  email: c.email,
  profilePicUrl: c.profilePicUrl,
  isGroup: c.isGroup,
  whatsappId: c.whatsappId,
  whatsapp: c.whatsapp,
});

/** spec core §7: `contact` events on the company channel, after the change has committed. */
export function publishContactUpdate(companyId: number, contact: ContactRow) {
  return publish({ channels: [channels.company(companyId)], event: EVENTS.contact, data: { action: "update", contact: summary(contact) } });
}

export function publishContactDelete(companyId: number, contactId: number) {
  return publish({ channels: [channels.company(companyId)], event: EVENTS.contact, data: { action: "delete", contactId } });
}

/** One event for a whole import (not one per row): open lists reload their first page. */
export function publishContactsImported(companyId: number, counts: { created: number; updated: number }) {
  return publish({ channels: [channels.company(companyId)], event: EVENTS.contact, data: { action: "import", ...counts } });
}
