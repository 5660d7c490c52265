import type { ContactRow as ServerRow } from "@/lib/contacts/contact-view";

/** A contacts-page row as the API answers it (dates as JSON strings). */
export type ContactListRow = Omit<ServerRow, "createdAt" | "updatedAt" | "whatsappId"> & { whatsappId?: number | null };

/** What a `contact` event carries (lib/contacts/publish-contact.ts). */
export type ContactEvent =
  | { action: "update"; contact: ContactListRow }
  | { action: "delete"; contactId: number }
  | { action: "import"; created: number; updated: number };
