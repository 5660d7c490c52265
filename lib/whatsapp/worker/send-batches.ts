import { AppError } from "@/lib/api/errors";
import { NOT_SENT } from "@/lib/messages/mark-outbox";
import type { WhatsAppConnection } from "../types";
import type { CheckBudget } from "./number-checks";
import type { SendPacer } from "./send-pacer";
import { settleWrite } from "./settle-write";
import type { ConnectionRef, WorkerDeps } from "./types";

/** What a batch needs of a running connection (whatsapp-worker.ts). */
export type BatchConnection = { ref: ConnectionRef; conn: WhatsAppConnection; budget: CheckBudget; pacer: SendPacer | null };

// Send errors a retry cannot fix: the message is marked failed at once and shown to the agent.
const PERMANENT = new Set(["ERR_WAPP_INVALID_CONTACT"]);

export const errorCode = (err: unknown) => (err instanceof AppError ? err.code : (err as Error).message || "ERR_SENDING_WAPP_MSG");

type Ref = { id: number; companyId: number };

/**
 * One claim of each outbox of a connection, sent in order: the agents' (messages, bots, schedules,
 * the API) and the campaigns'. Each answers "stop" when the socket dropped (resume when it comes
 * back), else how many rows it took.
 */
export function createBatchSender(deps: Pick<WorkerDeps, "outbox" | "campaignOutbox">, o: { stopped: () => boolean; log: (line: string) => void }) {
  // what went out is recorded whatever the database does meanwhile (settle-write.ts)
  const settle = (label: string, write: () => Promise<unknown>) => settleWrite(write, { stopped: o.stopped, log: o.log, label });
  // the pacer's count is a limit, not a record: a failed count is logged, never a reason to resend
  const spent = (r: BatchConnection) => r.pacer?.spent().catch((err) => o.log(`counting a send of connection ${r.ref.id} failed: ${(err as Error).message}`));
  // the socket dropped: the rest of the batch goes back to pending now, not in a minute
  const release = async (rest: Ref[], markFailed: (row: Ref & { error: string; retry: boolean }) => Promise<void>) => {
    for (const row of rest) await markFailed({ id: row.id, companyId: row.companyId, error: NOT_SENT, retry: true });
  };

  async function sendAgentBatch(r: BatchConnection): Promise<number | "stop"> {
    const batch = await deps.outbox.claim(r.ref.id, 20, r.pacer ? await r.pacer.room() : null);
    // a send's parts (text, files) are one send for the pacer: counted once per ticket
    const counted = new Set<number | undefined>();
    for (const [i, item] of batch.entries()) {
      if (o.stopped()) return "stop";
      try {
        await r.conn.send(item.message);
      } catch (err) {
        const code = errorCode(err);
        await deps.outbox.markFailed({ id: item.id, companyId: item.companyId, error: code, retry: !PERMANENT.has(code) });
        if (code !== NOT_SENT) continue;
        await release(batch.slice(i + 1), deps.outbox.markFailed);
        return "stop";
      }
      await settle(`message ${item.id}`, () => deps.outbox.markSent({ id: item.id, companyId: item.companyId }));
      if (item.unsolicited && !counted.has(item.ticketId)) {
        counted.add(item.ticketId);
        await spent(r);
      }
    }
    return batch.length;
  }

  async function sendCampaignBatch(r: BatchConnection): Promise<number | "stop"> {
    const outbox = deps.campaignOutbox;
    if (!outbox) return 0;
    const batch = await outbox.claim(r.ref.id, 20, r.pacer ? await r.pacer.room() : null);
    for (const [i, item] of batch.entries()) {
      if (o.stopped()) return "stop";
      const ref = { id: item.id, companyId: item.companyId };
      let number: string | undefined;
      try {
        if (item.checkNumber) r.budget.spend(1);
        number = item.checkNumber ? await r.conn.checkNumber(item.message.to) : undefined;
        await r.conn.send(number ? { ...item.message, to: number } : item.message);
      } catch (err) {
        const code = errorCode(err);
        if (code === "ERR_WAPP_INVALID_CONTACT") await outbox.markInvalid(ref);
        else await outbox.markFailed({ ...ref, error: code, retry: true });
        if (code !== NOT_SENT) continue;
        await release(batch.slice(i + 1), outbox.markFailed);
        return "stop";
      }
      await settle(`campaign message ${item.id}`, () => outbox.markSent({ ...ref, number }));
      if (item.unsolicited) await spent(r);
    }
    return batch.length;
  }

  return { sendAgentBatch, sendCampaignBatch };
}
