"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, type Resolver } from "react-hook-form";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { UserOptions } from "@/lib/users/list-user-options";
import { createUserSchema, updateUserSchema } from "@/lib/users/schemas";
import { QueueChecklist } from "./queue-checklist";
import type { UserFormValues, UserRow } from "./user-types";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay
const NO_CONNECTION = "none";
const PROFILES = ["admin", "user", "supervisor"] as const;

type Props = {
  /** null: add a user */
  userId: number | null;
  initial: UserFormValues;
  options: UserOptions;
  /** user-modal:editProfile and user-modal:editQueues: admins only */
  canEditRights: boolean;
  /** the viewer's own account: nobody changes their own profile */
  isSelf: boolean;
  onSaved: (saved: UserRow) => void;
  onCancel: () => void;
};

/** The user modal's fields (spec core §2 Users page, §5 User). */
export function UserForm({ userId, initial, options, canEditRights, isSelf, onSaved, onCancel }: Props) {
  const t = useTranslations("users");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const schema = userId ? updateUserSchema : createUserSchema;
  const form = useForm<UserFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: initial,
  });
  const { control } = form;

  const onSubmit = async (values: UserFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    const { profile, allTicket, queueIds, ...own } = values;
    // rights travel only when the viewer may change them (the server checks again)
    const body = canEditRights ? { ...own, allTicket, queueIds, ...(isSelf ? {} : { profile }) } : own;
    try {
      const saved = await api<UserRow>(userId ? `/api/users/${userId}` : "/api/users", { method: userId ? "PUT" : "POST", json: body });
      toast({ variant: "success", title: userId ? t("toasts.updated") : t("toasts.created") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof UserFormValues, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const text = (name: "name" | "email" | "password", type: string, hint?: string) => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(`form.${name}`)}</FormLabel>
          <FormControl>
            <Input
              type={type}
              autoFocus={name === "name"}
              autoComplete={name === "password" ? "new-password" : name === "email" ? "off" : undefined}
              {...field}
              value={field.value ?? ""}
              data-testid={`field-${name}`}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="user-form">
        {text("name", "text")}
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          {text("email", "email")}
          {text("password", "password", userId ? t("form.passwordKeep") : undefined)}
        </div>

        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          {canEditRights && (
            <FormField
              control={control}
              name="profile"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("form.profile")}</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange} disabled={isSelf}>
                    <FormControl>
                      <SelectTrigger data-testid="field-profile">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {PROFILES.map((p) => (
                        <SelectItem key={p} value={p} data-testid={`profile-option-${p}`}>
                          {t(`profiles.${p}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {isSelf && <FormDescription>{t("form.ownProfile")}</FormDescription>}
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <FormField
            control={control}
            name="whatsappId"
            render={({ field }) => (
              <FormItem className={canEditRights ? undefined : "sm:col-span-2"}>
                <FormLabel>{t("form.whatsapp")}</FormLabel>
                <Select
                  value={field.value ? String(field.value) : NO_CONNECTION}
                  onValueChange={(v) => field.onChange(v === NO_CONNECTION ? null : Number(v))}
                >
                  <FormControl>
                    <SelectTrigger data-testid="field-whatsappId">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    <SelectItem value={NO_CONNECTION}>{t("form.noWhatsapp")}</SelectItem>
                    {options.whatsapps.map((w) => (
                      <SelectItem key={w.id} value={String(w.id)}>
                        {w.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormDescription>{t("form.whatsappHint")}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>

        {canEditRights && (
          <FormField
            control={control}
            name="allTicket"
            render={({ field }) => (
              <FormItem className="flex items-start gap-3 rounded-lg border p-3">
                <FormControl>
                  <Switch
                    className="mt-0.5"
                    checked={field.value === "enable"}
                    onCheckedChange={(on) => field.onChange(on ? "enable" : "disable")}
                    data-testid="field-allTicket"
                  />
                </FormControl>
                <div className="grid gap-1">
                  <FormLabel className="font-normal">{t("form.allTicket")}</FormLabel>
                  <FormDescription>{t("form.allTicketHint")}</FormDescription>
                </div>
              </FormItem>
            )}
          />
        )}

        {canEditRights && (
          <FormField
            control={control}
            name="queueIds"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.queues")}</FormLabel>
                <QueueChecklist queues={options.queues} value={field.value} onChange={field.onChange} emptyText={t("form.noQueues")} />
                <FormMessage />
              </FormItem>
            )}
          />
        )}

        <FormFooter pending={form.formState.isSubmitting} submitLabel={userId ? common("save") : t("form.add")} onCancel={onCancel} submitTestId="user-submit" className="pt-2" cancelWhilePending />
      </form>
    </Form>
  );
}
