"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { dropPlan, movedCard } from "./board-rules";
import type { LaneKey, LaneTag } from "./board-types";
import type { KanbanBoardState } from "./use-kanban-board";

type Answer = { ticketId: number; tags: { id: number; name: string; color: string }[] };

/**
 * A card dropped on another lane: moved at once (optimistic), then one call (PUT to a tag lane,
 * DELETE to 'Em aberto'); the answer's tags are the truth; a failure puts the card back and toasts
 * the error.
 */
export function useLaneMove(board: KanbanBoardState, lanes: LaneTag[]) {
  const t = useTranslations("kanban");
  const errorMessage = useErrorMessage();
  return async (ticketId: number, from: LaneKey, to: LaneKey) => {
    const plan = dropPlan(from, to);
    const before = board.find(ticketId);
    if (!plan || !before) return;
    board.place(movedCard(before, to, lanes));
    try {
      const path = plan.call === "put" ? `/api/ticket-tags/${ticketId}/${to}` : `/api/ticket-tags/${ticketId}`;
      const answer = await api<Answer>(path, { method: plan.call === "put" ? "PUT" : "DELETE" });
      const now = board.find(ticketId);
      if (now) board.place({ ...now, tags: answer.tags });
      for (const which of plan.toasts) toast({ variant: "success", title: t(`toasts.${which}`) });
    } catch (err) {
      board.place({ ...(board.find(ticketId) ?? before), tags: before.tags });
      toast({ variant: "error", title: errorMessage(err) });
    }
  };
}
