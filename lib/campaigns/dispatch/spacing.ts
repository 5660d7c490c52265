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

/**
 * issue 33 §6: the least gap (seconds) between two campaign messages on a real WhatsApp number,
 * whatever interval the company chose (0 included): bursts get numbers banned. The sandbox phone
 * keeps the chosen intervals.
 */
export const PACED_MIN_SECONDS = 10;
/** On a paced connection each gap is lengthened by up to this fraction, at random: no machine beat. */
export const PACED_JITTER = 0.3;

/** Whether campaigns on a connection of this provider are paced: every one but the sandbox. */
export const isPaced = (provider: string | null | undefined) => !!provider && provider !== "sandbox";

/**
 * The intervals a campaign keeps on a connection: on a paced one neither gap is below its least gap
 * (the connection's own, `send_min_gap_seconds`, which the form keeps at PACED_MIN_SECONDS or more).
 */
export function effectiveSpacing(s: Spacing, provider: string | null | undefined, minGap: number = PACED_MIN_SECONDS): Spacing {
  if (!isPaced(provider)) return s;
  const floor = (n: number) => Math.max(n, minGap);
  return { messageInterval: floor(s.messageInterval), longerIntervalAfter: s.longerIntervalAfter, greaterInterval: floor(s.greaterInterval) };
}

/** Seconds between recipient `i - 1` and recipient `i` (the steps of dueOffsetSeconds). */
export function gapSeconds(i: number, s: Spacing): number {
  return s.longerIntervalAfter > 0 && i % s.longerIntervalAfter === 0 ? s.greaterInterval : s.messageInterval;
}

/**
 * Due times one after another: the first call answers `start`, each next one a gap later. With a
 * `jitter` source ([0, 1), like Math.random) each gap is up to PACED_JITTER longer, never shorter.
 */
export function dueClock(start: Date, s: Spacing, jitter?: () => number): () => Date {
  let i = 0;
  let at = start.getTime();
  return () => {
    if (i > 0) at += Math.round(gapSeconds(i, s) * (1 + (jitter ? jitter() * PACED_JITTER : 0)) * 1000);
    i++;
    return new Date(at);
  };
}

/** The due clock of a campaign on a connection of `provider`: paced (its least gap, jitter) unless sandbox. */
export function campaignClock(start: Date, s: Spacing, provider: string | null | undefined, random: () => number = Math.random, minGap?: number) {
  return dueClock(start, effectiveSpacing(s, provider, minGap), isPaced(provider) ? random : undefined);
}

/**
 * The due clock of a campaign that goes on (a restart): the first recipient one gap after the
 * campaign's last send, or at `now` when that is later. Counted from `now` alone, a restart just
 * after a send sent the next one at once (issue 34 §2.2: 2.1 s apart with the interval at 5 s).
 */
export function resumeClock(now: Date, lastSentAt: Date | null, s: Spacing, provider: string | null | undefined, random: () => number = Math.random, minGap?: number) {
  if (lastSentAt) {
    const afterLast = campaignClock(lastSentAt, s, provider, random, minGap);
    afterLast(); // the last send itself
    let first: Date | null = afterLast();
    if (first > now) {
      return () => {
        const at = first ?? afterLast();
        first = null;
        return at;
      };
    }
  }
  return campaignClock(now, s, provider, random, minGap);
}
