"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { useSaveFailure } from "@/components/settings/use-save-failure";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import type { HelpVideo } from "@/lib/helps/list-helps";
import { helpFormSchema, type HelpFormValues } from "@/lib/helps/schemas";
import { youtubeCode } from "@/lib/helps/youtube";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type Props = { help: HelpVideo | null; onClose: () => void; onSaved: (help: HelpVideo) => void };

/** Add/edit a help video (admin §3 Help: title, video code, description). */
export function HelpDialog({ help, onClose, onSaved }: Props) {
  const t = useTranslations("helpsAdmin");
  const common = useTranslations("common");
  const saveFailure = useSaveFailure();
  const form = useForm<HelpFormValues>({
    resolver: zodResolver(helpFormSchema),
    defaultValues: { title: help?.title ?? "", video: help?.video ?? "", description: help?.description ?? "" },
  });
  const { control } = form;
  const video = useWatch({ control, name: "video" });
  const unreadable = video.trim() !== "" && !youtubeCode(video);

  const onSubmit = async (values: HelpFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<HelpVideo>(help ? `/api/helps/${help.id}` : "/api/helps", { method: help ? "PUT" : "POST", json: values });
      toast({ variant: "success", title: help ? t("toasts.updated") : t("toasts.created") });
      onSaved(saved);
    } catch (err) {
      saveFailure(err, t("toasts.saveFailed"), (path, message) => form.setError(path as keyof HelpFormValues, { message }));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="sm:max-w-lg" closeLabel={common("close")} data-testid="help-dialog">
        <DialogHeader>
          <DialogTitle>{help ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="help-form">
            <FormField
              control={control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("dialog.title")}</FormLabel>
                  <FormControl>
                    <Input autoFocus maxLength={100} autoComplete="off" {...field} data-testid="field-title" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="video"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("dialog.video")}</FormLabel>
                  <FormControl>
                    <Input maxLength={300} autoComplete="off" placeholder="aqz-KE-bpKQ" {...field} data-testid="field-video" />
                  </FormControl>
                  <FormDescription className={unreadable ? "text-amber-700 dark:text-amber-400" : undefined}>
                    {unreadable ? t("dialog.videoInvalid") : t("dialog.videoHint")}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("dialog.descriptionField")}</FormLabel>
                  <FormControl>
                    <Textarea rows={4} maxLength={2000} {...field} data-testid="field-description" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormFooter pending={form.formState.isSubmitting} submitLabel={help ? common("save") : t("dialog.submitAdd")} onCancel={onClose} submitTestId="help-submit" />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
