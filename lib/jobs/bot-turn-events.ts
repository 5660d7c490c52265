import { botTurnCreated } from "./client";
import { sendBestEffort } from "./send-best-effort";

/** Tells Inngest a ticket has a bot turn to run (best effort: the sweep finds it anyway). */
export async function sendBotTurnCreated(ref: { companyId: number; ticketId: number }): Promise<void> {
  await sendBestEffort(botTurnCreated.create(ref), `bot/turn.created for ticket ${ref.ticketId}`);
}
