"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ContactEvent } from "@/components/contacts/contact-types";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { useMediaQuery } from "@/components/shell/use-media-query";
import { isAdminViewer, useViewer } from "@/components/shell/viewer-context";
import { NewTicketDialog } from "@/components/tickets/new-ticket/new-ticket-dialog";
import { useTicketActions, type ChangedTicket } from "@/components/tickets/use-ticket-actions";
import { toast } from "@/components/ui/toast";
import { channels, EVENTS, type TicketStatus } from "@/lib/realtime/channels";
import { listChannels } from "./list-channels";
import { ListTabs, type ListTab, type OpenSub } from "./list-tabs";
import { ListToolbar } from "./list-toolbar";
import { PeekDialog } from "./peek-dialog";
import { SearchFilters } from "./search-filters";
import { TicketChannels } from "./ticket-channels";
import { TicketFeedView } from "./ticket-feed-view";
import type { RowActions } from "./ticket-row-actions";
import type { FeedScope, FirstPage, ListViewer, MessageEvent, TicketEvent, TicketItem, TicketPatch } from "./ticket-types";
import { useQueueFilter } from "./use-queue-filter";
import { useTicketFeed } from "./use-ticket-feed";

export type InitialLists = { open: FirstPage; pending: FirstPage; showAll: boolean };

const SEARCH_DEBOUNCE_MS = 500; // spec core §9
const UUID_PATH = /^\/tickets\/([0-9a-f-]{36})$/i;
const NO_FILTERS = { tagIds: [], userIds: [], text: "" };
const ERROR_NOTICE_GAP_MS = 2000; // tabs failing together (one filter change reloads two) give one notice

/**
 * The ticket manager's list (spec core §2): tabs open (assigned / pending, with counts), closed
 * and search; new ticket, "show all" and queue filter; live through the list channels.
 */
export function TicketListPanel({ initial }: { initial: InitialLists }) {
  const t = useTranslations("tickets.list");
  const viewer = useViewer();
  const isAdmin = isAdminViewer(viewer);
  const listViewer = useMemo<ListViewer>(
    () => ({ id: viewer.id, name: viewer.name, isAdmin, allTicket: viewer.allTicket, queueIds: viewer.queues.map((q) => q.id) }),
    [viewer, isAdmin],
  );
  const [tab, setTab] = useState<ListTab>("open");
  const [openSub, setOpenSub] = useState<OpenSub>("open");
  const [visited, setVisited] = useState({ closed: false, search: false });
  const [showAll, setShowAll] = useState(initial.showAll);
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [peek, setPeek] = useState<TicketItem | null>(null);
  const [newTicket, setNewTicket] = useState(0);
  const queues = useQueueFilter(viewer);
  const narrow = useMediaQuery("(max-width: 599px)", false);
  const selectedUuid = usePathname().match(UUID_PATH)?.[1] ?? null;

  useEffect(() => {
    const id = setTimeout(() => setTerm(text.trim().toLowerCase()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  // spec core §8: "Erro ao buscar informações dos tickets"
  const noticed = useRef(0);
  const onError = useCallback(() => {
    if (Date.now() - noticed.current < ERROR_NOTICE_GAP_MS) return;
    noticed.current = Date.now();
    toast({ variant: "error", title: t("loadError") });
  }, [t]);

  const base = { showAll: isAdmin && showAll, queueIds: queues.queueIds, ...NO_FILTERS };
  const first = (status: TicketStatus, page: FirstPage) => ({ page, scope: { status, showAll: initial.showAll, queueIds: null, ...NO_FILTERS } });
  const common = { viewer: listViewer, queues: queues.allQueues, onError };
  const feeds = {
    open: useTicketFeed({ ...common, scope: { ...base, status: "open" }, initial: first("open", initial.open), enabled: true }),
    pending: useTicketFeed({ ...common, scope: { ...base, status: "pending" }, initial: first("pending", initial.pending), enabled: true }),
    closed: useTicketFeed({ ...common, scope: { ...base, status: "closed" }, enabled: visited.closed }),
    search: useTicketFeed({ ...common, scope: { ...base, status: undefined, text: term, tagIds, userIds } satisfies FeedScope, enabled: visited.search }),
  };
  const all = Object.values(feeds);

  const allQueueIds = queues.allQueues.map((q) => q.id).join(",");
  const channelList = useMemo(() => {
    const statuses: TicketStatus[] = visited.closed || visited.search ? ["open", "pending", "closed"] : ["open", "pending"];
    const ids = allQueueIds ? allQueueIds.split(",").map(Number) : [];
    return listChannels(viewer.companyId, listViewer, statuses, ids);
  }, [viewer.companyId, listViewer, visited.closed, visited.search, allQueueIds]);

  const onTicket = (e: TicketEvent, status: TicketStatus) => {
    if (e.action === "update") all.forEach((f) => f.onUpdate(e.ticket));
    else if (e.action === "updateUnread") all.forEach((f) => f.onUnread(e.ticketId));
    else all.forEach((f) => f.onDelete(e.ticketId, status));
  };
  const onMessage = (e: MessageEvent) => {
    if (e.action === "create" && e.message) all.forEach((f) => f.onMessage(e.ticketId, e.message.body, String(e.message.createdAt)));
  };
  // a contact renamed or edited elsewhere shows so in every tab; an import reads the first pages again
  useRealtimeEvent<ContactEvent>(channels.company(viewer.companyId), EVENTS.contact, (e) => {
    if (e.action === "update") all.forEach((f) => f.onContact(e.contact));
    else if (e.action === "import") all.forEach((f) => f.catchUp());
  });
  // once the list channels are in (page load, reconnect): page 1 of each open tab again, merged
  const channelNames = useMemo(() => channelList.map((c) => c.name), [channelList]);
  useRealtimeCatchUp(channelNames, () => all.forEach((f) => f.catchUp()), { serverData: true });

  const ticketActions = useTicketActions();
  // the answer of a change is the ticket as it now is: every tab takes it at once
  const changed = (next: ChangedTicket | null) => next && all.forEach((f) => f.onUpdate(next as unknown as TicketPatch));
  const actions: RowActions = {
    accept: (ticket) => void ticketActions.accept(ticket).then(changed),
    resolve: (ticket) => void ticketActions.resolve(ticket).then(changed),
    reopen: (ticket) => void ticketActions.reopen(ticket).then(changed),
    peek: setPeek,
  };

  const changeTab = (next: ListTab) => {
    setTab(next);
    if (next === "closed" || next === "search") setVisited((v) => ({ ...v, [next]: true }));
  };
  const view = (key: keyof typeof feeds, active: boolean, emptyText: string) => (
    <TicketFeedView
      key={key}
      feed={feeds[key]}
      active={active}
      emptyText={emptyText}
      errorText={t("loadError")}
      retryText={t("retry")}
      selectedUuid={selectedUuid}
      narrow={narrow}
      canPeek={isAdmin}
      busyId={ticketActions.busyId}
      actions={actions}
    />
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-card" data-testid="ticket-list-panel">
      <div className="space-y-3 border-b p-3">
        <ListTabs tab={tab} onTab={changeTab} openSub={openSub} onOpenSub={setOpenSub} openCount={feeds.open.count} pendingCount={feeds.pending.count} />
        <ListToolbar
          onNewTicket={() => setNewTicket((n) => n + 1)}
          showAll={isAdmin ? showAll : null}
          onShowAll={setShowAll}
          queues={queues.options}
          chosenQueues={queues.chosen}
          onQueues={queues.setChosen}
        />
        {visited.search && (
          <div className={tab === "search" ? undefined : "hidden"}>
            <SearchFilters text={text} onText={setText} tagIds={tagIds} onTags={setTagIds} userIds={userIds} onUsers={setUserIds} showUsers={isAdmin} />
          </div>
        )}
      </div>
      {view("open", tab === "open" && openSub === "open", t("empty.open"))}
      {view("pending", tab === "open" && openSub === "pending", t("empty.pending"))}
      {view("closed", tab === "closed", t("empty.closed"))}
      {view("search", tab === "search", t("empty.search"))}
      <TicketChannels list={channelList} onTicket={onTicket} onMessage={onMessage} />
      {peek && <PeekDialog key={peek.id} ticket={peek} onClose={() => setPeek(null)} />}
      {newTicket > 0 && <NewTicketDialog key={newTicket} onClose={() => setNewTicket(0)} />}
    </div>
  );
}
