"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, type Resolver } from "react-hook-form";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { ContactDetail } from "@/lib/contacts/contact-view";
import { contactSchema, updateContactSchema, type ContactInput, type ContactValues } from "@/lib/contacts/schemas";
import { ExtraInfoFields } from "./extra-info-fields";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type Saved = Omit<ContactDetail, "createdAt" | "updatedAt">;
type Props = {
  /** null: add a contact */
  contactId: number | null;
  initial: ContactInput;
  isGroup: boolean;
  onSaved: (saved: Saved) => void;
  onCancel: () => void;
};

/** Name, number, email and extra info (spec core §5 Contact), shared schema with the API. */
export function ContactForm({ contactId, initial, isGroup, onSaved, onCancel }: Props) {
  const t = useTranslations("contacts");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const schema = isGroup ? updateContactSchema : contactSchema;
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ContactInput, unknown, ContactValues>,
    defaultValues: initial,
  });
  const { control } = form;

  const onSubmit = async (values: ContactValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const body = isGroup ? { ...values, number: undefined } : values;
      const saved = await api<Saved>(contactId ? `/api/contacts/${contactId}` : "/api/contacts", {
        method: contactId ? "PUT" : "POST",
        json: body,
      });
      toast({ variant: "success", title: t(contactId ? "toasts.saved" : "toasts.created") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof ContactInput, { message: i.message }));
      if (err instanceof ApiError && err.code === "ERR_DUPLICATED_CONTACT") form.setError("number", { message: errorMessage(err) });
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="contact-form">
        <FormField
          control={control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.name")}</FormLabel>
              <FormControl>
                <Input autoFocus autoComplete="off" {...field} data-testid="contact-name" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <FormField
            control={control}
            name="number"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.number")}</FormLabel>
                <FormControl>
                  <Input
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    disabled={isGroup}
                    placeholder="+55 31 99999-0000"
                    {...field}
                    value={field.value ?? ""}
                    data-testid="contact-number"
                  />
                </FormControl>
                <FormDescription>{isGroup ? t("form.groupNumber") : t("form.numberHint")}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.email")}</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="off" {...field} value={field.value ?? ""} data-testid="contact-email" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <ExtraInfoFields control={control} />
        <FormFooter pending={form.formState.isSubmitting} submitLabel={contactId ? common("save") : t("form.add")} onCancel={onCancel} submitTestId="contact-submit" className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-card px-6 py-4" cancelWhilePending />
      </form>
    </Form>
  );
}
