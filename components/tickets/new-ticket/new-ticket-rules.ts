// Pure rules of the new-ticket modal (spec core §2 "Modals", §5 "New ticket").

export type NewTicketValues = { contactId: number | null; queueId: number | null };
export type NewTicketErrors = { contact?: "required"; queue?: "required" };

/** A contact is required; a queue too, unless the user is an admin ("Selecione uma fila"). */
export function validateNewTicket(v: NewTicketValues, isAdmin: boolean): NewTicketErrors {
  const errors: NewTicketErrors = {};
  if (!v.contactId) errors.contact = "required";
  if (!v.queueId && !isAdmin) errors.queue = "required";
  return errors;
}

type Holder = { uuid?: string; userId?: number | null; user?: { name: string } | null; queue?: { name: string } | null };

export type Conflict =
  | { kind: "mine"; uuid: string }
  | { kind: "taken"; user: string; queue: string | null }
  | { kind: "waiting"; queue: string | null };

/**
 * What the modal does with a 409 ERR_OTHER_OPEN_TICKET: the viewer's own ticket just opens; one
 * held by someone else is named (user and queue); an unassigned one says where it waits.
 */
export function readConflict(data: { ticket?: Holder } | undefined, viewerId: number): Conflict | null {
  const t = data?.ticket;
  if (!t) return null;
  if (t.userId === viewerId && t.uuid) return { kind: "mine", uuid: t.uuid };
  const queue = t.queue?.name ?? null;
  if (t.user) return { kind: "taken", user: t.user.name, queue };
  return { kind: "waiting", queue };
}

type Connection = { id: number; isDefault: boolean };

/** The connection picked first: the company's default one, else the first. */
export const defaultConnectionId = (list: Connection[]): number | null => (list.find((c) => c.isDefault) ?? list[0])?.id ?? null;
