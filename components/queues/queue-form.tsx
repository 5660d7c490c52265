"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Form } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { TabsContent } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { Queue } from "@/lib/queues/queue-view";
import { queueFormSchema, type QueueFormValues } from "@/lib/queues/schemas";
import { QueueDataFields } from "./queue-data-fields";
import type { QueueFormFields } from "./queue-form-types";
import { ScheduleFields } from "./schedule-fields";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

export type QueueTab = "data" | "hours" | "options";

type Props = {
  queueId: number | null;
  initial: QueueFormFields;
  showHours: boolean;
  taken: Map<string, string>;
  onTab: (tab: QueueTab) => void;
  onBusy: (busy: boolean) => void;
  onSaved: (queue: Queue) => void;
  onCancel: () => void;
  /** tab contents that live outside the queue's <form> (the option editor) */
  children?: React.ReactNode;
};

/** The tab a field is on, so a refused save shows the field that needs fixing. */
const tabOf = (path: string): QueueTab => (path.startsWith("schedules") ? "hours" : "data");

/** The queue's own fields ("Dados da Fila" and "Horários de Atendimento") and the dialog's footer. */
export function QueueForm({ queueId, initial, showHours, taken, onTab, onBusy, onSaved, onCancel, children }: Props) {
  const t = useTranslations("queues");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const formId = useId();
  const form = useForm<QueueFormFields, unknown, QueueFormValues>({
    resolver: zodResolver(queueFormSchema) as unknown as Resolver<QueueFormFields, unknown, QueueFormValues>,
    defaultValues: initial,
  });
  const submitting = form.formState.isSubmitting;
  useEffect(() => onBusy(submitting), [submitting, onBusy]);

  const onSubmit = async (values: QueueFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    // hours are sent only where they are edited: per-queue hours (scheduleType "queue")
    const { schedules, ...rest } = values;
    const body = showHours ? { ...rest, schedules } : rest;
    try {
      const saved = await api<Queue>(queueId ? `/api/queue/${queueId}` : "/api/queue", { method: queueId ? "PUT" : "POST", json: body });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "";
      if (code === "ERR_QUEUE_COLOR_ALREADY_EXISTS" || code === "ERR_QUEUE_NAME_EXISTS") {
        form.setError(code === "ERR_QUEUE_NAME_EXISTS" ? "name" : "color", { message: errorMessage(err) });
        onTab("data");
      }
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof QueueFormFields, { message: i.message }));
      if (issues?.length) onTab(tabOf(issues[0].path));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const onInvalid = (errors: FieldErrors<QueueFormFields>) => {
    const first = Object.keys(errors)[0];
    if (first) onTab(tabOf(first));
  };

  return (
    <Form {...form}>
      {/* display: contents, so the tab panels inside are laid out like the one outside */}
      <form id={formId} onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="contents" data-testid="queue-form">
        <TabsContent value="data">
          <QueueDataFields taken={taken} />
        </TabsContent>
        {showHours && (
          <TabsContent value="hours">
            <ScheduleFields />
          </TabsContent>
        )}
      </form>
      {children}
      <FormFooter pending={submitting} submitLabel={queueId ? common("save") : t("form.add")} onCancel={onCancel} submitTestId="queue-submit" form={formId} className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-card px-6 py-4" />
    </Form>
  );
}
