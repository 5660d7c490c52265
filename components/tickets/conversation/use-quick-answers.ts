"use client";

import { useEffect, useMemo, useState } from "react";
import type { QuickMessageRow } from "@/components/quick-messages/quick-message-types";
import { api } from "@/lib/api/client";
import { matchQuickAnswers, wantsQuickAnswers, type QuickSuggestion } from "./quick-answer-match";

/**
 * The "/" suggestions for the current text (GET /api/quick-messages/list, fetched the first time
 * they are wanted) and the highlighted one. `dismissed` hides them until the text changes.
 */
export function useQuickAnswers(text: string) {
  const [rows, setRows] = useState<QuickMessageRow[] | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const wanted = wantsQuickAnswers(text);

  useEffect(() => {
    if (!wanted || rows !== null) return;
    let live = true;
    api<QuickMessageRow[]>("/api/quick-messages/list")
      .then((list) => live && setRows(list))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [wanted, rows]);

  const suggestions = useMemo(() => (rows && dismissedFor !== text ? matchQuickAnswers(rows, text) : []), [rows, text, dismissedFor]);
  const current = Math.min(active, Math.max(0, suggestions.length - 1));

  /** Arrow keys move, Enter/Tab choose, Escape hides. Returns true when it handled the key. */
  const onKey = (e: React.KeyboardEvent, choose: (s: QuickSuggestion) => void): boolean => {
    if (!suggestions.length) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + suggestions.length) % suggestions.length);
    } else if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab") {
      choose(suggestions[current]);
    } else if (e.key === "Escape") {
      setDismissedFor(text);
    } else return false;
    e.preventDefault();
    return true;
  };

  return { suggestions, active: current, setActive, onKey };
}
