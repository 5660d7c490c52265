import { sendBotTurnCreated } from "@/lib/jobs/bot-turn-events";
import { isInngestConfigured } from "@/lib/jobs/config";

export type TurnRef = { companyId: number; ticketId: number };
type Waker = (ref: TurnRef) => void;

// the runner of this process (the embedded scheduler's bot-turn loop), when there is one
const holder = globalThis as unknown as { __botTurnWakers?: Set<Waker> };
const wakers = () => (holder.__botTurnWakers ??= new Set());

/** Makes `wake` hear of every bot turn written in this process; answers the undo. */
export function onBotTurn(wake: Waker): () => void {
  wakers().add(wake);
  return () => void wakers().delete(wake);
}

/**
 * Tells the runners a bot turn was written (after its commit), never waiting for them: the loop of
 * this process is woken at once; with Inngest, the `bot/turn.created` event is sent in the
 * background (best effort: the every-minute sweep runs a turn whose event was lost).
 */
export function announceBotTurn(ref: TurnRef): void {
  for (const wake of wakers()) {
    try {
      wake(ref);
    } catch (err) {
      console.error("[bots] runner wake failed:", (err as Error).message);
    }
  }
  if (isInngestConfigured()) {
    void sendBotTurnCreated(ref).catch(() => {});
  }
}
