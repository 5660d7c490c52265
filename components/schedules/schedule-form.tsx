"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { scheduleSchema, type ScheduleInput } from "@/lib/schedules/schemas";
import { ContactPicker } from "./contact-picker";
import { ImageAttachment, type Attachment } from "./image-attachment";
import type { ContactOption, ScheduleRow } from "./schedule-types";

const SUBMIT_DELAY_MS = 400; // spec core §9: modal submit delay

export type FormValues = { body: string; contactId: number | null; sendAt: string };

type Props = {
  /** null: a new schedule */
  schedule: ScheduleRow | null;
  initial: FormValues;
  initialContact: ContactOption | null;
  /** sent (sentAt set): everything read-only and no save (spec core §2) */
  readOnly: boolean;
  onSaved: (saved: ScheduleRow) => void;
  onDeleted: (id: number) => void;
  onCancel: () => void;
};

/** The schedule modal's fields: contact, message, send time and image. */
export function ScheduleForm({ schedule, initial, initialContact, readOnly, onSaved, onDeleted, onCancel }: Props) {
  const t = useTranslations("schedules");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [contact, setContact] = useState<ContactOption | null>(initialContact);
  const [attachment, setAttachment] = useState<Attachment>(schedule?.mediaUrl ? { url: schedule.mediaUrl, name: schedule.mediaName ?? "" } : null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<FormValues, unknown, ScheduleInput>({
    resolver: zodResolver(scheduleSchema) as unknown as Resolver<FormValues, unknown, ScheduleInput>,
    defaultValues: initial,
  });
  const { control } = form;

  const onSubmit = async (values: ScheduleInput) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const json = { body: values.body, contactId: values.contactId, sendAt: values.sendAt.toISOString() };
      let saved = await api<ScheduleRow>(schedule ? `/api/schedules/${schedule.id}` : "/api/schedules", { method: schedule ? "PUT" : "POST", json });
      saved = await syncImage(saved, attachment, Boolean(schedule?.mediaPath));
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof FormValues, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const remove = async () => {
    if (!schedule) return;
    if (!confirmDelete) return setConfirmDelete(true);
    setDeleting(true);
    try {
      await api(`/api/schedules/${schedule.id}`, { method: "DELETE" });
      toast({ variant: "success", title: t("toasts.deleted") });
      onDeleted(schedule.id);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      setDeleting(false);
    }
  };

  const busy = form.formState.isSubmitting || deleting;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="schedule-form">
        <FormField
          control={control}
          name="contactId"
          render={({ fieldState, field }) => (
            <FormItem>
              <FormLabel>{t("form.contact")}</FormLabel>
              <FormControl>
                <ContactPicker
                  value={contact}
                  disabled={readOnly}
                  invalid={Boolean(fieldState.error)}
                  onChange={(c) => {
                    setContact(c);
                    field.onChange(c?.id ?? null);
                  }}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="body"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.body")}</FormLabel>
              <FormControl>
                <Textarea rows={5} placeholder={t("form.bodyPlaceholder")} disabled={readOnly} {...field} data-testid="schedule-body" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="sendAt"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.sendAt")}</FormLabel>
              <FormControl>
                <Input type="datetime-local" className="w-full sm:w-64" disabled={readOnly} {...field} data-testid="schedule-send-at" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-2">
          <Label>{t("form.image")}</Label>
          <ImageAttachment value={attachment} onChange={setAttachment} disabled={readOnly} />
          {readOnly && !attachment && <p className="text-sm text-muted-foreground">{t("form.noImage")}</p>}
        </div>

        <DialogFooter className="gap-2 sm:items-center sm:justify-between">
          <div className="flex flex-col">
            {schedule && (
              <Button
                type="button"
                variant={confirmDelete ? "destructive" : "ghost"}
                className={confirmDelete ? undefined : "text-destructive hover:text-destructive"}
                onClick={() => void remove()}
                disabled={busy}
                data-testid="schedule-delete"
              >
                {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                {confirmDelete ? t("buttons.confirmDelete") : t("buttons.delete")}
              </Button>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={onCancel}>
              {readOnly ? common("close") : common("cancel")}
            </Button>
            {/* spec core §2: a schedule already sent hides the save button */}
            {!readOnly && (
              <Button type="submit" disabled={busy} data-testid="schedule-submit">
                {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
                {schedule ? common("save") : t("buttons.schedule")}
              </Button>
            )}
          </div>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Brings the stored image in line with the form: upload a newly picked one, drop a removed one. */
async function syncImage(saved: ScheduleRow, attachment: Attachment, hadImage: boolean): Promise<ScheduleRow> {
  if (attachment && "file" in attachment) {
    const body = new FormData();
    body.append("file", attachment.file, attachment.file.name);
    return api<ScheduleRow>(`/api/schedules/${saved.id}/media-upload`, { method: "POST", body });
  }
  if (!attachment && hadImage) return api<ScheduleRow>(`/api/schedules/${saved.id}/media-upload`, { method: "DELETE" });
  return saved;
}
