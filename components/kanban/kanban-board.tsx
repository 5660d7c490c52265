"use client";

import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragStartEvent } from "@dnd-kit/core";
import { Layers } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useRealtimeCatchUp } from "@/components/realtime/use-realtime";
import { isAdminViewer, useViewer } from "@/components/shell/viewer-context";
import { listChannels } from "@/components/tickets/list/list-channels";
import { MultiSelect } from "@/components/tickets/list/multi-select";
import { channels } from "@/lib/realtime/channels";
import { canWriteTicket } from "@/lib/tickets/ticket-rules";
import { BoardChannels, type TicketEvent } from "./board-channels";
import { laneId, type BoardState, type BoardViewer, type Card, type LaneKey, type LaneTag } from "./board-types";
import { CardFace, type DragData } from "./kanban-card";
import { laneCollision, laneCoordinates } from "./kanban-dnd";
import { KanbanLane } from "./kanban-lane";
import { useKanbanBoard } from "./use-kanban-board";
import { useLaneMove } from "./use-lane-move";
import { useLanes } from "./use-lanes";

type Queue = { id: number; name: string; color: string };
type Props = { initialLanes: LaneTag[]; initialBoard: BoardState; queues: Queue[]; allQueueIds: number[] };

/**
 * The kanban board (admin §2.8): 'Em aberto', then a lane per kanban tag in its colour; cards move
 * between lanes by drag and drop (pointer or keyboard), and follow other users' changes live.
 */
export function KanbanBoard({ initialLanes, initialBoard, queues, allQueueIds }: Props) {
  const t = useTranslations("kanban");
  const viewer = useViewer();
  const boardViewer = useMemo<BoardViewer>(
    () => ({ id: viewer.id, isAdmin: isAdminViewer(viewer), allTicket: viewer.allTicket, queueIds: viewer.queues.map((q) => q.id) }),
    [viewer],
  );
  const [chosen, setChosen] = useState<number[]>(queues.map((q) => q.id));
  const queueFilter = chosen.length === queues.length ? null : chosen;
  const { lanes, onTag } = useLanes(initialLanes);
  const board = useKanbanBoard({ viewer: boardViewer, lanes, initial: initialBoard, queueFilter });
  const move = useLaneMove(board, lanes);
  const [dragged, setDragged] = useState<Card | null>(null);

  const laneName = (key: LaneKey | undefined) => (key === "open" ? t("openLane") : (lanes.find((l) => l.id === key)?.name ?? ""));
  const cardName = (id: number | undefined) => {
    const card = id === undefined ? undefined : board.find(id);
    return card ? t("a11y.cardName", { id: card.id, contact: card.contact.name }) : "";
  };
  const dataOf = (x: { data: { current?: unknown } } | null) => x?.data.current as (DragData & { lane?: LaneKey }) | undefined;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("a11y.picked", { card: cardName(dataOf(active)?.ticketId), lane: laneName(dataOf(active)?.from) }),
    onDragOver: ({ active, over }) =>
      over ? t("a11y.over", { card: cardName(dataOf(active)?.ticketId), lane: laneName(dataOf(over)?.lane) }) : t("a11y.outside", { card: cardName(dataOf(active)?.ticketId) }),
    onDragEnd: ({ active, over }) =>
      over ? t("a11y.dropped", { card: cardName(dataOf(active)?.ticketId), lane: laneName(dataOf(over)?.lane) }) : t("a11y.cancelled", { card: cardName(dataOf(active)?.ticketId), lane: laneName(dataOf(active)?.from) }),
    onDragCancel: ({ active }) => t("a11y.cancelled", { card: cardName(dataOf(active)?.ticketId), lane: laneName(dataOf(active)?.from) }),
  };
  const sensors = useSensors(
    // a few pixels before a drag starts: a click on 'Ver Ticket' stays a click
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneCoordinates }),
  );

  const names = useMemo(
    () => listChannels(viewer.companyId, { ...boardViewer, id: viewer.id }, ["open", "pending"], allQueueIds).map((c) => c.name),
    [viewer.companyId, viewer.id, boardViewer, allQueueIds],
  );
  useRealtimeCatchUp(names, board.catchUp, { serverData: true });
  const onTicket = (e: TicketEvent) => {
    if (e.action === "update" && "ticket" in e) board.onUpdate(e.ticket);
    else if (e.action === "delete" && typeof e.ticketId === "number") board.onDelete(e.ticketId);
  };

  const canMove = (card: Card) => canWriteTicket({ ...boardViewer, userId: boardViewer.id }, card);
  const all: { key: LaneKey; title: string; color: string | null }[] = [
    { key: "open", title: t("openLane"), color: null },
    ...lanes.map((l) => ({ key: l.id, title: l.name, color: l.color })),
  ];

  return (
    <div className="-m-4 flex h-[calc(100dvh-4rem)] flex-col overflow-hidden sm:-m-6" data-testid="kanban-board">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b bg-card px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h1 className="text-lg font-semibold">{t("title")}</h1>
          <p className="text-xs text-muted-foreground">{t("subtitle")}</p>
        </div>
        {queues.length > 1 && (
          <MultiSelect
            label={t("filters.queues")}
            icon={<Layers aria-hidden />}
            options={queues}
            selected={chosen}
            onChange={setChosen}
            summary={queueFilter ? t("filters.queuesChosen", { count: chosen.length }) : t("filters.allQueues")}
            emptyText={t("filters.noQueues")}
            testId="kanban-filter-queues"
            required
            className="w-48"
          />
        )}
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={laneCollision}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("a11y.instructions") } }}
        onDragStart={(e: DragStartEvent) => setDragged(board.find(dataOf(e.active)?.ticketId ?? -1) ?? null)}
        onDragCancel={() => setDragged(null)}
        onDragEnd={({ active, over }) => {
          setDragged(null);
          const from = dataOf(active);
          const to = dataOf(over)?.lane;
          if (from && to !== undefined) void move(from.ticketId, from.from, to);
        }}
      >
        <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto p-3 sm:p-4" data-testid="kanban-lanes">
          {all.map((l) => (
            <KanbanLane
              key={laneId(l.key)}
              lane={l.key}
              title={l.title}
              color={l.color}
              state={board.board[laneId(l.key)]}
              onMore={() => board.loadMore(l.key)}
              canMove={canMove}
              cardLabel={(c) => t("a11y.cardName", { id: c.id, contact: c.contact.name })}
            />
          ))}
          {lanes.length === 0 && <p className="max-w-56 shrink-0 self-center text-sm text-muted-foreground">{t("noLanes")}</p>}
        </div>
        <DragOverlay dropAnimation={null}>{dragged ? <CardFace card={dragged} movable dragging /> : null}</DragOverlay>
      </DndContext>
      <BoardChannels
        names={names}
        onTicket={onTicket}
        companyChannel={channels.company(viewer.companyId)}
        onTag={onTag}
        onContact={(e) => {
          // a contact renamed or edited elsewhere; an import reads the first pages again
          if (e.action === "update") board.onContact(e.contact);
          else if (e.action === "import") board.catchUp();
        }}
      />
    </div>
  );
}
