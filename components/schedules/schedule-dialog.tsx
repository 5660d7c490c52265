"use client";

import { AlertTriangle, CheckCheck, Loader2 } from "lucide-react";
import { format } from "date-fns";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { oneHourAhead, toLocalInput } from "@/lib/schedules/calendar";
import { cn } from "@/lib/utils";
import { dateLocaleOf } from "./date-locales";
import { ScheduleForm, type FormValues } from "./schedule-form";
import { styleOf } from "./schedule-status";
import type { ContactOption, ScheduleRow } from "./schedule-types";

type Props = {
  /** null: a new schedule */
  scheduleId: number | null;
  /** what a new schedule starts with (the clicked day or slot; a ticket's contact) */
  defaults?: { sendAt: Date; contact?: ContactOption | null };
  onClose: () => void;
  onSaved?: (saved: ScheduleRow) => void;
  onDeleted?: (id: number) => void;
};

/**
 * The add/edit modal (spec core §2): the title shows the status ("Erro de Envio" for ERRO, with
 * the reason), and a schedule already sent is shown read-only without a save button. Mounted anew
 * for each opening, so an edit starts from the schedule as the server has it now.
 */
export function ScheduleDialog({ scheduleId, defaults, onClose, onSaved, onDeleted }: Props) {
  const t = useTranslations("schedules");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [schedule, setSchedule] = useState<ScheduleRow | null>(null);
  const [fallbackSendAt] = useState(() => defaults?.sendAt ?? oneHourAhead());
  const loading = scheduleId !== null && schedule?.id !== scheduleId;

  useEffect(() => {
    if (scheduleId === null) return;
    let live = true;
    api<ScheduleRow>(`/api/schedules/${scheduleId}`)
      .then((s) => live && setSchedule(s))
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // fetched once per opening: the dialog is remounted for the next one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scheduleId]);

  const status = schedule ? styleOf(schedule.status) : null;
  const readOnly = Boolean(schedule?.sentAt);
  const initial: FormValues = schedule
    ? { body: schedule.body, contactId: schedule.contactId, sendAt: toLocalInput(schedule.sendAt) }
    : { body: "", contactId: defaults?.contact?.id ?? null, sendAt: toLocalInput(fallbackSendAt) };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-xl" closeLabel={common("close")} data-testid="schedule-dialog" data-status={schedule?.status ?? "new"}>
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center justify-center gap-2 sm:justify-start" data-testid="schedule-dialog-title">
            {scheduleId === null ? t("dialog.new") : t("dialog.edit")}
            {schedule && status && (
              <span className={cn("inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium", status.badge)}>
                <status.icon className="size-3.5" aria-hidden />
                {t(`status.${status.key}`)}
              </span>
            )}
          </DialogTitle>
          <DialogDescription>{readOnly ? t("dialog.sentDescription") : t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {schedule?.status === "ERRO" && <SendError code={schedule.error} />}
        {schedule?.sentAt && <SentNotice at={schedule.sentAt} />}
        {loading ? (
          <div className="flex justify-center py-16 text-muted-foreground" aria-label={common("loading")}>
            <Loader2 className="size-6 animate-spin" aria-hidden />
          </div>
        ) : (
          <ScheduleForm
            schedule={schedule}
            initial={initial}
            initialContact={schedule ? schedule.contact : (defaults?.contact ?? null)}
            readOnly={readOnly}
            onCancel={onClose}
            onSaved={(s) => {
              onSaved?.(s);
              onClose();
            }}
            onDeleted={(id) => {
              onDeleted?.(id);
              onClose();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SendError({ code }: { code: string | null }) {
  const t = useTranslations("schedules");
  const errorMessage = useErrorMessage();
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm" data-testid="schedule-error">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-medium text-destructive">{t("status.error")}</p>
        <p className="text-muted-foreground">{code ? errorMessage(new Error(code)) : t("dialog.unknownError")}</p>
        <p className="mt-1 text-muted-foreground">{t("dialog.retryHint")}</p>
      </div>
    </div>
  );
}

function SentNotice({ at }: { at: string }) {
  const t = useTranslations("schedules");
  // browser-local time, as the calendar shows it
  const when = format(new Date(at), "Pp", { locale: dateLocaleOf(useLocale()) });
  return (
    <div className="flex items-center gap-3 rounded-lg border border-success/30 bg-success/10 p-3 text-sm" data-testid="schedule-sent">
      <CheckCheck className="size-4 shrink-0 text-success" aria-hidden />
      <p>{t("dialog.sentAt", { when })}</p>
    </div>
  );
}
