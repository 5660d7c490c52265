import { and, eq } from "drizzle-orm";
import { contacts, whatsapps } from "@/db/schema";

/** A contact as the list, the events and the modal show it (spec core §3 Contact, without extraInfo). */
export type ContactRow = {
  id: number;
  uuid: string;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  /** the connection the contact first wrote through (spec core §3 Contact: whatsapp) */
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ExtraInfo = { id: number; name: string; value: string };
export type ContactDetail = ContactRow & { extraInfo: ExtraInfo[] };

export const contactColumns = {
  id: contacts.id,
  uuid: contacts.uuid,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  profilePicUrl: contacts.profilePicUrl,
  isGroup: contacts.isGroup,
  whatsappId: contacts.whatsappId,
  // null when the contact has no origin connection (the left join finds none)
  whatsapp: { id: whatsapps.id, name: whatsapps.name },
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

/** The join `contactColumns` needs: the origin connection, of the same company. */
export const originConnection = and(eq(whatsapps.id, contacts.whatsappId), eq(whatsapps.companyId, contacts.companyId));
