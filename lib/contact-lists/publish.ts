import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import type { ContactListRow } from "./contact-list-view";
import type { ContactListItemRow } from "./item-view";

export type ContactListChange =
  | { action: "create" | "update"; record: ContactListRow }
  | { action: "delete"; id: number }
  /** an import's progress: rows of the file written so far */
  | { action: "import"; contactListId: number; processed: number; total: number };

export type ContactListItemChange = { action: "create" | "update"; record: ContactListItemRow } | { action: "delete"; id: number };

/** `ContactList` events go to the company's admins (admin §7). */
export const publishContactList = (companyId: number, change: ContactListChange) =>
  publish({ channels: [channels.admins(companyId)], event: EVENTS.contactList, data: change });

/** `ContactListItem` events, under the plain name and per list (`ContactListItem-{listId}`). */
export const publishContactListItem = (companyId: number, contactListId: number, change: ContactListItemChange) =>
  publish(
    { channels: [channels.admins(companyId)], event: EVENTS.contactListItem, data: change },
    { channels: [channels.admins(companyId)], event: `${EVENTS.contactListItem}-${contactListId}`, data: change },
  );
