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
import { contactListItemFormSchema, type ContactListItemFormInput, type ContactListItemFormValues } from "@/lib/contact-lists/schemas";
import type { ContactListItemRow } from "./types";
import { useListError } from "./use-list-error";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay
type Field = keyof ContactListItemFormInput;

type Props = { contactListId: number; item: ContactListItemRow | null; onClose: () => void; onSaved: (item: ContactListItemRow) => void };

/** Add or edit a list item (admin §5: name 2-50, number 8-50 digits, email valid). */
export function ItemDialog({ contactListId, item, onClose, onSaved }: Props) {
  const t = useTranslations("contactLists.items");
  const common = useTranslations("common");
  const errorMessage = useListError();
  const form = useForm<ContactListItemFormInput, unknown, ContactListItemFormValues>({
    resolver: zodResolver(contactListItemFormSchema),
    defaultValues: { name: item?.name ?? "", number: item?.number ?? "", email: item?.email ?? "" },
  });

  const onSubmit = async (values: ContactListItemFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<ContactListItemRow>(item ? `/api/contact-list-items/${item.id}` : "/api/contact-list-items", {
        method: item ? "PUT" : "POST",
        json: item ? values : { ...values, contactListId },
      });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_CONTACT_LIST_ITEM_EXISTS") form.setError("number", { message: errorMessage(err) });
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as Field, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const field = (name: Field, props: React.ComponentProps<typeof Input>) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{t(`dialog.${name}`)}</FormLabel>
          <FormControl>
            <Input autoComplete="off" {...props} {...f} value={f.value ?? ""} data-testid={`field-${name}`} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="sm:max-w-md" closeLabel={common("close")} data-testid="contact-list-item-dialog">
        <DialogHeader>
          <DialogTitle>{item ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="contact-list-item-form">
            {field("name", { autoFocus: true, maxLength: 50 })}
            {field("number", { inputMode: "tel", maxLength: 60, placeholder: "5511999990000" })}
            {field("email", { type: "email", maxLength: 254 })}
            <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onClose} submitTestId="contact-list-item-submit" />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
