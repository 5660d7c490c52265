import { getTranslations } from "next-intl/server";
import type { BoardState, Card } from "@/components/kanban/board-types";
import { KanbanBoard } from "@/components/kanban/kanban-board";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listKanbanTags } from "@/lib/kanban/kanban-tags";
import type { KanbanTicket } from "@/lib/kanban/kanban-ticket";
import { listKanbanTickets } from "@/lib/kanban/list-kanban-tickets";
import { OPEN_LANE } from "@/lib/kanban/schemas";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { listQueues } from "@/lib/queues/list-queues";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("kanban") };
}

const forBrowser = (t: KanbanTicket): Card => ({ ...t, updatedAt: new Date(t.updatedAt).toISOString() });

// /kanban (admin §2.8, plan flag useKanban): the lanes and the first page of each are read here,
// then the board pages, moves and follows other users' changes in the browser.
export default async function KanbanPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.kanban.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/" />;
  const db = getDb();
  const isAdmin = ctx.profile === "admin";
  const allTicket = user.allTicket === "enable";
  const [{ lista }, companyQueues] = await Promise.all([listKanbanTags(db, ctx), isAdmin || allTicket ? listQueues(db, ctx.companyId) : []]);
  const keys = [OPEN_LANE, ...lista.map((l) => l.id)] as const;
  const pages = await Promise.all(keys.map((lane) => listKanbanTickets(db, ctx, { lane, pageNumber: 1, queueIds: undefined })));
  const initialBoard: BoardState = Object.fromEntries(
    pages.map((p, i) => [String(keys[i]), { items: p.tickets.map(forBrowser), count: p.count, hasMore: p.hasMore, page: 1 }]),
  );
  // the queue filter: admins choose among every queue, others among their own
  const queues = (isAdmin ? companyQueues : user.queues).map(({ id, name, color }) => ({ id, name, color }));
  return <KanbanBoard initialLanes={lista} initialBoard={initialBoard} queues={queues} allQueueIds={companyQueues.map((q) => q.id)} />;
}
