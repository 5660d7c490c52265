"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { contactListSchema, type ContactListInput, type ContactListValues } from "@/lib/contact-lists/schemas";
import type { ContactListRow } from "./types";
import { useListError } from "./use-list-error";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type Props = { list: ContactListRow | null; onClose: () => void; onSaved: (list: ContactListRow) => void };

/** Add or rename a contact list (admin §5: name 2-50 required). */
export function ContactListDialog({ list, onClose, onSaved }: Props) {
  const t = useTranslations("contactLists");
  const common = useTranslations("common");
  const errorMessage = useListError();
  const form = useForm<ContactListInput, unknown, ContactListValues>({
    resolver: zodResolver(contactListSchema),
    defaultValues: { name: list?.name ?? "" },
  });

  const onSubmit = async (values: ContactListValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<ContactListRow>(list ? `/api/contact-lists/${list.id}` : "/api/contact-lists", { method: list ? "PUT" : "POST", json: values });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as "name", { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="sm:max-w-md" closeLabel={common("close")} data-testid="contact-list-dialog">
        <DialogHeader>
          <DialogTitle>{list ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="contact-list-form">
            <FormField
              control={form.control}
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
            <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onClose} submitTestId="contact-list-submit" />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
