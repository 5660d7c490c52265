import type { QuickMessageRow } from "@/components/quick-messages/quick-message-types";

/** spec core §9: a suggestion's label shows at most 35 characters. */
export const QUICK_LABEL_MAX = 35;

export type QuickSuggestion = { id: number; shortcode: string; label: string; row: QuickMessageRow };

/** Suggestions show when the text starts with "/" and is longer than one character. */
export const wantsQuickAnswers = (text: string) => text.startsWith("/") && text.length > 1;

export function truncateLabel(text: string, max = QUICK_LABEL_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

/** The quick answers whose shortcode contains what follows the "/" (case-insensitive). */
export function matchQuickAnswers(rows: QuickMessageRow[], text: string): QuickSuggestion[] {
  if (!wantsQuickAnswers(text)) return [];
  const term = text.slice(1).trim().toLowerCase();
  return rows
    .filter((r) => r.shortcode.toLowerCase().includes(term))
    .map((r) => ({ id: r.id, shortcode: r.shortcode, row: r, label: truncateLabel(r.message || r.mediaName || "") }));
}
