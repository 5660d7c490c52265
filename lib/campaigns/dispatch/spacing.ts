import type { CampaignSettings } from "@/lib/campaign-settings/campaign-settings";

export type Spacing = Pick<CampaignSettings, "messageInterval" | "longerIntervalAfter" | "greaterInterval">;

/**
 * Seconds after the start at which recipient `i` (0-based, counting only the ones that will be
 * sent) is due: `messageInterval` between two messages, except that after every
 * `longerIntervalAfter` messages the gap is `greaterInterval` instead (0: never).
 */
export function dueOffsetSeconds(i: number, s: Spacing): number {
  if (i <= 0) return 0;
  const longer = s.longerIntervalAfter > 0 ? Math.floor(i / s.longerIntervalAfter) : 0;
  return (i - longer) * s.messageInterval + longer * s.greaterInterval;
}

/** The due time of recipient `i` for a start at `start`. */
export function dueAt(start: Date, i: number, s: Spacing): Date {
  return new Date(start.getTime() + dueOffsetSeconds(i, s) * 1000);
}
