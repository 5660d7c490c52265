import { contacts } from "@/db/schema";

/** A contact as the list, the events and the modal show it (spec core §3 Contact, without extraInfo). */
export type ContactRow = {
  id: number;
  uuid: string;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  whatsappId: number | null;
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
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};
