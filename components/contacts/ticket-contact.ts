// A contact's changes reaching what shows it beside its tickets (ticket lists, the conversation,
// the kanban): `contact` update events (lib/contacts/publish-contact.ts) carry its list fields.

/** The contact fields a ticket shows. */
export type TicketContact = { id: number; name: string; number: string; profilePicUrl: string };

/** An item showing `c` takes its new name, number and picture; any other (or unchanged) item stays itself. */
export function withContact<T extends { contact: TicketContact }>(item: T, c: TicketContact): T {
  const was = item.contact;
  if (was.id !== c.id || (was.name === c.name && was.number === c.number && was.profilePicUrl === c.profilePicUrl)) return item;
  return { ...item, contact: { ...was, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl } };
}

/** A list whose items showing `c` take its new fields; the list itself when none changed (nothing renders again). */
export function withContactIn<T extends { contact: TicketContact }>(items: T[], c: TicketContact): T[] {
  const next = items.map((t) => withContact(t, c));
  return next.some((t, i) => t !== items[i]) ? next : items;
}
