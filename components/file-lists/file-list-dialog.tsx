"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useFieldArray, useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { fileListFormSchema, NAME_TOO_SHORT, type FileListFormInput, type FileListFormValues } from "@/lib/file-lists/schemas";
import type { FileListDetail, FileListRow } from "./file-list-types";
import { OptionFileField } from "./option-file-field";
import { saveFileList } from "./save-file-list";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type Props = {
  /** null: add a list */
  row: FileListRow | null;
  onClose: () => void;
  onSaved: (saved: FileListDetail) => void;
};

const emptyOption = () => ({ name: "", fileName: "", removeFile: false, file: null });

const toForm = (d: FileListDetail): FileListFormInput => ({
  name: d.name,
  message: d.message,
  options: d.options.map((o) => ({ id: o.id, name: o.name, fileName: o.fileName, removeFile: false, file: null })),
});

/** Add/edit a file list (admin §2.11): name, message and options, each a text and an optional file. */
export function FileListDialog({ row, onClose, onSaved }: Props) {
  const t = useTranslations("fileLists");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [loaded, setLoaded] = useState(!row);
  const base = zodResolver(fileListFormSchema) as unknown as Resolver<FileListFormInput, unknown, FileListFormValues>;
  // the spec's 'nome muito curto' is this screen's own message
  const resolver: typeof base = async (...args) => {
    const res = await base(...args);
    const name = res.errors.name;
    if (name?.message === NAME_TOO_SHORT) name.message = t("validation.nameTooShort");
    return res;
  };
  const form = useForm<FileListFormInput, unknown, FileListFormValues>({
    resolver,
    defaultValues: { name: row?.name ?? "", message: row?.message ?? "", options: [] },
  });
  const { control, reset } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "options", keyName: "key" });
  const options = useWatch({ control, name: "options" });

  useEffect(() => {
    if (!row) return;
    let live = true;
    api<FileListDetail>(`/api/files/${row.id}`)
      .then((d) => {
        if (!live) return;
        reset(toForm(d));
        setLoaded(true);
      })
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per dialog
  }, [row?.id]);

  const onSubmit = async (values: FileListFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await saveFileList(row?.id ?? null, values);
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as "name", { message: i.message === NAME_TOO_SHORT ? t("validation.nameTooShort") : i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="sm:max-w-2xl" closeLabel={common("close")} data-testid="file-list-dialog">
        <DialogHeader>
          <DialogTitle>{row ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {!loaded ? (
          <div className="flex justify-center py-10">
            <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label={common("loading")} />
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="file-list-form">
              <FormField
                control={control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("dialog.name")}</FormLabel>
                    <FormControl>
                      <Input autoFocus maxLength={100} autoComplete="off" {...field} data-testid="field-name" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={control}
                name="message"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("dialog.message")}</FormLabel>
                    <FormControl>
                      <Textarea rows={3} maxLength={4096} {...field} data-testid="field-message" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <section className="space-y-3" data-testid="file-list-options">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-muted-foreground">{t("dialog.options")}</h3>
                  <Button type="button" variant="outline" size="sm" onClick={() => append(emptyOption())} data-testid="add-option">
                    <Plus aria-hidden />
                    {t("dialog.addOption")}
                  </Button>
                </div>
                {fields.length === 0 && (
                  <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{t("dialog.noOptions")}</p>
                )}
                <div className="max-h-[45vh] space-y-3 overflow-y-auto pr-1">
                  {fields.map((f, i) => (
                    <div key={f.key} className="space-y-2 rounded-lg border p-3" data-testid={`option-row-${i}`}>
                      <div className="flex items-start gap-2">
                        <FormField
                          control={control}
                          name={`options.${i}.name`}
                          render={({ field }) => (
                            <FormItem className="flex-1">
                              <FormLabel className="sr-only">{t("dialog.optionName")}</FormLabel>
                              <FormControl>
                                <Input placeholder={t("dialog.optionName")} maxLength={255} {...field} data-testid={`option-name-${i}`} />
                              </FormControl>
                              <FormMessage />
                            </FormItem>
                          )}
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="text-muted-foreground hover:text-destructive"
                          onClick={() => remove(i)}
                          aria-label={t("dialog.removeOption")}
                          data-testid={`remove-option-${i}`}
                        >
                          <Trash2 />
                        </Button>
                      </div>
                      <OptionFileField
                        index={i}
                        current={options[i]?.removeFile ? "" : (options[i]?.fileName ?? "")}
                        picked={options[i]?.file ?? null}
                        onPick={(file) => form.setValue(`options.${i}.file`, file)}
                        onRemoveCurrent={() => form.setValue(`options.${i}.removeFile`, true)}
                      />
                    </div>
                  ))}
                </div>
              </section>
              <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onClose} submitTestId="file-list-submit" />
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
