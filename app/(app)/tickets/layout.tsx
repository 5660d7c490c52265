import { TicketListPanel } from "@/components/tickets/list/ticket-list-panel";
import type { FirstPage } from "@/components/tickets/list/ticket-types";
import { TicketsWorkspace } from "@/components/tickets/list/tickets-workspace";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listTickets } from "@/lib/tickets/list-tickets";
import { listTicketsQuery } from "@/lib/tickets/schemas";

type Page = Awaited<ReturnType<typeof listTickets>>;
const forBrowser = (page: Page): FirstPage => ({
  ...page,
  tickets: page.tickets.map((t) => ({ ...t, updatedAt: new Date(t.updatedAt).toISOString() })),
});

// /tickets and /tickets/{uuid} (spec core §2 "Ticket manager"). The list lives in this layout so it
// keeps its state while tickets open beside it; its first pages (assigned and pending, whose
// counts the tabs show) are read here, then it pages and updates in the browser.
export default async function TicketsLayout({ children }: { children: React.ReactNode }) {
  const { ctx } = await getPageViewer();
  const db = getDb();
  // admins start with every ticket shown (tickets-manager:showall)
  const showAll = ctx.profile === "admin";
  const query = (status: "open" | "pending") => listTicketsQuery.parse({ status, showAll: String(showAll), pageNumber: "1" });
  const [open, pending] = await Promise.all([listTickets(db, ctx, query("open")), listTickets(db, ctx, query("pending"))]);
  return (
    <TicketsWorkspace list={<TicketListPanel initial={{ open: forBrowser(open), pending: forBrowser(pending), showAll }} />}>
      {children}
    </TicketsWorkspace>
  );
}
