"use client";

import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ConnectionChoice, QueueChoice } from "./use-new-ticket-options";

const NO_QUEUE = "none";

type Props = {
  isAdmin: boolean;
  queues: QueueChoice[];
  queueId: number | null;
  onQueue: (id: number | null) => void;
  queueInvalid: boolean;
  connections: ConnectionChoice[];
  whatsappId: number | null;
  onConnection: (id: number) => void;
  disabled: boolean;
};

/** The queue select (required unless admin) and, when the company has several, the connection select. */
export function NewTicketSelects({ isAdmin, queues, queueId, onQueue, queueInvalid, connections, whatsappId, onConnection, disabled }: Props) {
  const t = useTranslations("tickets.newTicket");
  const chosenQueue = queues.find((q) => q.id === queueId);
  const chosenConnection = connections.find((c) => c.id === whatsappId);
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor="new-ticket-queue">{t("queue")}</Label>
        <Select
          value={queueId === null ? (isAdmin ? NO_QUEUE : "") : String(queueId)}
          onValueChange={(v) => onQueue(v === NO_QUEUE ? null : Number(v))}
          disabled={disabled}
        >
          <SelectTrigger id="new-ticket-queue" aria-invalid={queueInvalid} data-testid="new-ticket-queue">
            <SelectValue placeholder={t("queuePlaceholder")}>
              {chosenQueue ? <QueueLabel queue={chosenQueue} /> : queueId === null && isAdmin ? t("noQueue") : undefined}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            {isAdmin && <SelectItem value={NO_QUEUE}>{t("noQueue")}</SelectItem>}
            {queues.map((q) => (
              <SelectItem key={q.id} value={String(q.id)} data-testid="new-ticket-queue-option">
                <QueueLabel queue={q} />
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {queueInvalid && (
          <p className="text-sm text-destructive" data-testid="new-ticket-queue-error">
            {t("queueRequired")}
          </p>
        )}
      </div>
      {connections.length > 1 && (
        <div className="space-y-2">
          <Label htmlFor="new-ticket-connection">{t("connection")}</Label>
          <Select value={whatsappId ? String(whatsappId) : ""} onValueChange={(v) => onConnection(Number(v))} disabled={disabled}>
            <SelectTrigger id="new-ticket-connection" data-testid="new-ticket-connection">
              <SelectValue placeholder={t("connectionPlaceholder")}>{chosenConnection?.name}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {connections.map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </>
  );
}

function QueueLabel({ queue }: { queue: QueueChoice }) {
  return (
    <span className="flex items-center gap-2">
      <span className="size-2.5 rounded-full" style={{ background: queue.color }} aria-hidden />
      {queue.name}
    </span>
  );
}
