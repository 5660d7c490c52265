"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { QueueOptionRow } from "@/lib/queues/build-option-tree";
import { optionFormSchema, type OptionFormValues } from "@/lib/queues/option-schemas";

type Props = {
  queueId: number;
  /** an option to edit, or where to add one (parentId null: a root) */
  target: { option: QueueOptionRow } | { parentId: number | null; nextNumber: string };
  onDone: (saved: QueueOptionRow) => void;
  onCancel: () => void;
};

/**
 * The tree editor's inline form: number, title and message of one option, saved on its own
 * (POST or PUT /api/queue-options). Escape cancels it (the dialog around it stays open).
 */
export function OptionForm({ queueId, target, onDone, onCancel }: Props) {
  const t = useTranslations("queues.options");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const editing = "option" in target ? target.option : null;
  const form = useForm<OptionFormValues>({
    resolver: zodResolver(optionFormSchema) as unknown as Resolver<OptionFormValues>,
    defaultValues: editing
      ? { option: editing.option, title: editing.title, message: editing.message }
      : { option: "nextNumber" in target ? target.nextNumber : "1", title: "", message: "" },
  });
  const { control } = form;

  const onSubmit = async (values: OptionFormValues) => {
    try {
      const saved = editing
        ? await api<QueueOptionRow>(`/api/queue-options/${editing.id}`, { method: "PUT", json: values })
        : await api<QueueOptionRow>("/api/queue-options", {
            method: "POST",
            json: { ...values, queueId, parentId: "parentId" in target ? target.parentId : null },
          });
      onDone(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_QUEUE_OPTION_EXISTS") {
        form.setError("option", { message: errorMessage(err) });
        return;
      }
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof OptionFormValues, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
        }}
        className="space-y-3 rounded-lg border border-primary/40 bg-muted/40 p-3 shadow-xs"
        noValidate
        data-option-form
        data-testid="option-form"
      >
        <div className="grid grid-cols-[4.5rem_1fr] gap-3">
          <FormField
            control={control}
            name="option"
            render={({ field }) => (
              <FormItem className="content-start gap-1.5">
                <FormLabel className="text-xs">{t("number")}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    onChange={(e) => field.onChange(e.target.value.replace(/\D/g, "").slice(0, 3))}
                    inputMode="numeric"
                    maxLength={3}
                    autoComplete="off"
                    className="text-center font-mono tabular-nums"
                    data-testid="option-field-option"
                  />
                </FormControl>
                <FormMessage className="text-xs" />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="title"
            render={({ field }) => (
              <FormItem className="content-start gap-1.5">
                <FormLabel className="text-xs">{t("title")}</FormLabel>
                <FormControl>
                  <Input autoFocus maxLength={100} autoComplete="off" placeholder={t("titlePlaceholder")} {...field} data-testid="option-field-title" />
                </FormControl>
                <FormMessage className="text-xs" />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={control}
          name="message"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel className="text-xs">{t("message")}</FormLabel>
              <FormControl>
                <Textarea rows={3} placeholder={t("messagePlaceholder")} {...field} data-testid="option-field-message" />
              </FormControl>
              <FormMessage className="text-xs" />
            </FormItem>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={form.formState.isSubmitting}>
            {common("cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={form.formState.isSubmitting} data-testid="option-submit">
            {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
            {editing ? common("save") : t("add")}
          </Button>
        </div>
      </form>
    </Form>
  );
}
