"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { DEFAULT_TAG_COLOR, HEX_COLOR, normalizeHex } from "@/lib/tags/colors";
import { tagFormSchema, type TagFormValues } from "@/lib/tags/schemas";
import { ColorPicker } from "./color-picker";
import { TagChip } from "./tag-chip";
import type { TagRow } from "./tag-types";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type FormValues = { name: string; color: string; kanban: number };

type Props = {
  /** null: add a tag */
  tag: TagRow | null;
  /** admin or supervisor: sees (and sends) the kanban switch (admin §6) */
  canKanban: boolean;
  onClose: () => void;
  onSaved: (tag: TagRow) => void;
};

/** Add/edit a tag: name, colour (swatches or hex) and, for admins and supervisors, the kanban switch. */
export function TagDialog({ tag, canKanban, onClose, onSaved }: Props) {
  const t = useTranslations("tags");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const form = useForm<FormValues, unknown, TagFormValues>({
    resolver: zodResolver(tagFormSchema) as unknown as Resolver<FormValues, unknown, TagFormValues>,
    defaultValues: { name: tag?.name ?? "", color: tag?.color ?? DEFAULT_TAG_COLOR, kanban: tag?.kanban ?? 0 },
  });
  const { control } = form;
  const [name, color] = useWatch({ control, name: ["name", "color"] });
  const previewColor = HEX_COLOR.test(color.trim()) ? normalizeHex(color) : DEFAULT_TAG_COLOR;

  const onSubmit = async (values: TagFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    // only admins and supervisors send the flag; the server refuses anyone else changing it
    const body = canKanban ? values : { name: values.name, color: values.color };
    try {
      const saved = await api<TagRow>(tag ? `/api/tags/${tag.id}` : "/api/tags", { method: tag ? "PUT" : "POST", json: body });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_TAG_NAME_EXISTS") form.setError("name", { message: errorMessage(err) });
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof FormValues, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="sm:max-w-lg" closeLabel={common("close")} data-testid="tag-dialog">
        <DialogHeader>
          <DialogTitle>{tag ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="tag-form">
            <FormField
              control={control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("dialog.name")}</FormLabel>
                  <FormControl>
                    <Input autoFocus maxLength={50} autoComplete="off" {...field} data-testid="field-name" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name="color"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("dialog.color")}</FormLabel>
                  <FormControl>
                    <ColorPicker value={field.value} onChange={field.onChange} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {canKanban && (
              <FormField
                control={control}
                name="kanban"
                render={({ field }) => (
                  <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
                    <div className="space-y-0.5">
                      <FormLabel>{t("dialog.kanban")}</FormLabel>
                      <FormDescription>{t("dialog.kanbanHint")}</FormDescription>
                    </div>
                    <FormControl>
                      <Switch checked={field.value === 1} onCheckedChange={(on) => field.onChange(on ? 1 : 0)} data-testid="field-kanban" />
                    </FormControl>
                  </FormItem>
                )}
              />
            )}
            <div className="flex items-center gap-3 rounded-lg bg-muted/60 px-3 py-2.5">
              <span className="text-sm text-muted-foreground">{t("dialog.preview")}</span>
              <TagChip name={name.trim() || t("dialog.previewName")} color={previewColor} />
            </div>
            <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onClose} submitTestId="tag-submit" />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
