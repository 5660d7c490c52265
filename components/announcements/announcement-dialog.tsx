"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, imageTypeOfName } from "@/lib/announcements/image-type";
import { ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_TITLE_MAX, announcementFormSchema, type AnnouncementFormValues } from "@/lib/announcements/schemas";
import { AnnouncementSelects } from "./announcement-selects";
import type { AnnouncementRow } from "./announcement-types";
import { ImageField } from "./image-field";

const SUBMIT_DELAY_MS = 400; // spec admin §9: form submit delay

type Props = {
  /** null: a new announcement */
  row: AnnouncementRow | null;
  onClose: () => void;
  onSaved: (saved: AnnouncementRow) => void;
};

const toForm = (r: AnnouncementRow | null): AnnouncementFormValues => ({
  title: r?.title ?? "",
  text: r?.text ?? "",
  priority: String(r?.priority ?? 3) as AnnouncementFormValues["priority"],
  status: String(r?.status ?? true) as AnnouncementFormValues["status"],
});

/** Add/edit an announcement (admin §2.9, §5): title, text, priority, status and an optional image. */
export function AnnouncementDialog({ row, onClose, onSaved }: Props) {
  const t = useTranslations("announcements");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  // an edit starts from the announcement as the server has it now (a list row may hold a clipped text)
  const [current, setCurrent] = useState<AnnouncementRow | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [dropCurrent, setDropCurrent] = useState(false);
  const form = useForm<AnnouncementFormValues>({ resolver: zodResolver(announcementFormSchema), defaultValues: toForm(row) });
  const { control, reset } = form;
  const busy = form.formState.isSubmitting;

  useEffect(() => {
    if (!row) return;
    let live = true;
    api<AnnouncementRow>(`/api/announcements/${row.id}`)
      .then((r) => {
        if (!live) return;
        reset(toForm(r));
        setCurrent(r);
      })
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per dialog
  }, [row?.id]);

  const pick = (file: File | null) => {
    if (file && !imageTypeOfName(file.name)) return void toast({ variant: "error", title: t("dialog.wrongType") });
    if (file && file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return void toast({ variant: "error", title: t("dialog.tooLarge") });
    setPicked(file);
  };

  const onSubmit = async (values: AnnouncementFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    const json = { title: values.title, text: values.text, priority: Number(values.priority), status: values.status === "true" };
    let saved: AnnouncementRow;
    try {
      saved = await api<AnnouncementRow>(row ? `/api/announcements/${row.id}` : "/api/announcements", { method: row ? "PUT" : "POST", json });
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof AnnouncementFormValues, { message: i.message }));
      return void toast({ variant: "error", title: errorMessage(err) });
    }
    try {
      if (picked) {
        const body = new FormData();
        body.append("file", picked);
        saved = await api<AnnouncementRow>(`/api/announcements/${saved.id}/media-upload`, { method: "POST", body });
      } else if (dropCurrent && current?.mediaPath) {
        saved = await api<AnnouncementRow>(`/api/announcements/${saved.id}/media-upload`, { method: "DELETE" });
      }
      toast({ variant: "success", title: t("toasts.saved") });
    } catch (err) {
      // the text is saved; only the image is not: said, and the list shows what was saved
      toast({ variant: "error", title: errorMessage(err) });
    }
    onSaved(saved);
  };

  const loading = Boolean(row) && !current;
  const stored = current?.mediaUrl && current.mediaName && !dropCurrent ? { name: current.mediaName, url: current.mediaUrl } : null;

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-xl" closeLabel={common("close")} data-testid="announcement-dialog">
        <DialogHeader>
          <DialogTitle>{row ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="flex justify-center py-10" role="status">
            <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label={common("loading")} />
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="announcement-form">
              <FormField
                control={control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("dialog.title")}</FormLabel>
                    <FormControl>
                      <Input autoFocus maxLength={ANNOUNCEMENT_TITLE_MAX} autoComplete="off" {...field} data-testid="field-title" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={control}
                name="text"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("dialog.text")}</FormLabel>
                    <FormControl>
                      <Textarea rows={5} maxLength={ANNOUNCEMENT_TEXT_MAX} className="max-h-72" {...field} data-testid="field-text" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <AnnouncementSelects control={control} />
              <div className="grid gap-2">
                <Label>{t("dialog.attachment")}</Label>
                <ImageField current={stored} picked={picked} onPick={pick} onRemoveCurrent={() => setDropCurrent(true)} />
              </div>
              <FormFooter pending={busy} submitLabel={common("save")} onCancel={onClose} submitTestId="announcement-submit" />
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
