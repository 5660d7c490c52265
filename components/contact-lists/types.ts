import type { CheckProgress } from "@/lib/contact-lists/check-progress";
import type { ContactListRow } from "@/lib/contact-lists/contact-list-view";
import type { ContactListItemRow } from "@/lib/contact-lists/item-view";
import type { ContactListChange, ContactListItemChange } from "@/lib/contact-lists/publish";

export type { CheckProgress, ContactListChange, ContactListItemRow, ContactListRow };

/** What `ContactListItem` events carry: the item changes, and the WhatsApp checks (lib/contact-lists/record-validity.ts). */
export type ContactListItemEvent =
  | ContactListItemChange
  | { action: "validity"; items: { id: number; contactListId: number; isWhatsappValid: boolean | null }[] };
