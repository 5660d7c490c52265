import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TicketConversation } from "@/components/tickets/conversation/ticket-conversation";
import { DeniedRedirect } from "@/components/tickets/list/denied-redirect";
import { TicketsEmptyState } from "@/components/tickets/list/tickets-empty-state";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getTicketByUuid } from "@/lib/tickets/get-ticket";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("tickets") };
}

type Props = { params: Promise<{ ticketId?: string[] }> };

// The conversation pane of /tickets/{uuid} (the list is the layout's). spec core §5: a ticket the
// user may not open is refused with "Acesso não permitido" and a return to /tickets; a missing
// (or another company's) ticket just returns there.
export default async function TicketPage({ params }: Props) {
  const { ticketId } = await params;
  if (!ticketId?.length) return <TicketsEmptyState />;
  const [uuid] = ticketId;
  if (ticketId.length > 1 || !UUID.test(uuid)) redirect("/tickets");
  const { ctx } = await getPageViewer();
  let ticket;
  try {
    ticket = await getTicketByUuid(getDb(), ctx, uuid.toLowerCase());
  } catch (err) {
    if (err instanceof AppError && err.status === 403) return <DeniedRedirect />;
    if (err instanceof AppError && err.status === 404) redirect("/tickets");
    throw err;
  }
  return <TicketConversation key={ticket.id} ticket={ticket} />;
}
