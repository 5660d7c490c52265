"use client";

import { Clock, ListTree, Loader2, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { Queue } from "@/lib/queues/queue-view";
import { defaultQueueSchedules, fillSchedules } from "@/lib/queues/schedules";
import { OptionTreeEditor } from "./option-tree-editor";
import type { QueueFormFields } from "./queue-form-types";
import { QueueForm, type QueueTab } from "./queue-form";

type Props = {
  /** null: add a queue */
  queueId: number | null;
  /** the company's scheduleType is "queue": the hours tab shows (admin §2.3) */
  showHours: boolean;
  /** colours of the other queues -> their names */
  taken: Map<string, string>;
  /** the starting colour of a new queue */
  newColor: string;
  onClose: () => void;
  onSaved: (queue: Queue) => void;
};

const toFields = (q: Queue): QueueFormFields => ({
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage,
  complationMessage: q.complationMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  ratingMessage: q.ratingMessage,
  orderQueue: q.orderQueue,
  // queues saved before hours existed have none: the dialog starts them on the defaults
  schedules: fillSchedules(q.schedules),
});

/**
 * The add/edit dialog: "Dados da Fila", "Horários de Atendimento" (when hours are per queue) and the
 * chatbot's options of a saved queue. Mounted anew for each opening (the page keys it), so an edit
 * starts from the queue as the server has it now.
 */
export function QueueDialog({ queueId, showHours, taken, newColor, onClose, onSaved }: Props) {
  const t = useTranslations("queues");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [tab, setTab] = useState<QueueTab>("data");
  const [busy, setBusy] = useState(false);
  const [initial, setInitial] = useState<QueueFormFields | null>(() =>
    queueId
      ? null
      : {
          name: "",
          color: newColor,
          greetingMessage: "",
          complationMessage: "",
          outOfHoursMessage: "",
          ratingMessage: "",
          orderQueue: null,
          schedules: defaultQueueSchedules(),
        },
  );

  useEffect(() => {
    if (!queueId) return;
    let live = true;
    api<Queue>(`/api/queue/${queueId}`)
      .then((q) => live && setInitial(toFields(q)))
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // fetched once per opening: the dialog is remounted for the next one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queueId]);

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent
        className="sm:max-w-2xl"
        closeLabel={common("close")}
        data-testid="queue-dialog"
        // Escape in an option's inline form cancels that form, not the whole dialog
        onEscapeKeyDown={(e) => {
          if (e.target instanceof Element && e.target.closest("[data-option-form]")) e.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{queueId ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {initial ? (
          // min-w-0: a grid item of the dialog, it must not widen the dialog to fit a deep option tree
          <Tabs value={tab} onValueChange={(v) => setTab(v as QueueTab)} className="min-w-0 gap-4">
            <TabsList className="w-full sm:w-fit">
              <TabsTrigger value="data" data-testid="tab-data">
                <SlidersHorizontal aria-hidden />
                <span className="sm:hidden">{t("tabs.dataShort")}</span>
                <span className="hidden sm:inline">{t("tabs.data")}</span>
              </TabsTrigger>
              {showHours && (
                <TabsTrigger value="hours" data-testid="tab-hours">
                  <Clock aria-hidden />
                  <span className="sm:hidden">{t("tabs.hoursShort")}</span>
                  <span className="hidden sm:inline">{t("tabs.hours")}</span>
                </TabsTrigger>
              )}
              <TabsTrigger value="options" data-testid="tab-options">
                <ListTree aria-hidden />
                <span className="sm:hidden">{t("tabs.optionsShort")}</span>
                <span className="hidden sm:inline">{t("tabs.options")}</span>
              </TabsTrigger>
            </TabsList>
            <QueueForm
              queueId={queueId}
              initial={initial}
              showHours={showHours}
              taken={taken}
              onTab={setTab}
              onBusy={setBusy}
              onSaved={onSaved}
              onCancel={onClose}
            >
              {/* outside the queue's <form>: the option editor has forms of its own */}
              <TabsContent value="options" className="min-h-48">
                {queueId ? (
                  <OptionTreeEditor queueId={queueId} />
                ) : (
                  <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
                    <ListTree className="mb-3 size-8 text-muted-foreground opacity-60" aria-hidden />
                    <p className="text-sm font-medium">{t("options.saveFirst")}</p>
                    <p className="mt-1 max-w-sm text-xs text-muted-foreground">{t("options.saveFirstHint")}</p>
                  </div>
                )}
              </TabsContent>
            </QueueForm>
          </Tabs>
        ) : (
          <div className="flex h-64 items-center justify-center text-muted-foreground" role="status">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            <span className="sr-only">{common("loading")}</span>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
