"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, type Resolver } from "react-hook-form";
import { useSaveFailure } from "@/components/settings/use-save-failure";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { companyFormSchema, type CompanyFormInput, type CompanyFormValues } from "@/lib/companies/schemas";
import { formatBRL } from "@/lib/plans/money";
import type { CompanyRow, PlanOption } from "./company-types";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type Props = {
  /** null: add a company */
  company: CompanyRow | null;
  plans: PlanOption[];
  onSaved: (saved: CompanyRow) => void;
  onCancel: () => void;
};

type TextField = "name" | "email" | "password" | "phone" | "dueDate";

/** The company form (admin §5: email and plan required; an empty or invalid due date goes as null). */
export function CompanyForm({ company, plans, onSaved, onCancel }: Props) {
  const t = useTranslations("companies");
  const common = useTranslations("common");
  const saveFailure = useSaveFailure();
  const owner = Boolean(company?.isOwner);
  const form = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(companyFormSchema(company ? "edit" : "add")) as unknown as Resolver<CompanyFormInput, unknown, CompanyFormValues>,
    defaultValues: {
      name: company?.name ?? "",
      email: company?.email ?? "",
      password: "",
      phone: company?.phone ?? "",
      planId: company?.planId ?? "",
      status: company?.status ?? true,
      campaignsEnabled: company?.campaignsEnabled ?? false,
      dueDate: company?.dueDate ?? "",
      recurrence: (company?.recurrence as CompanyFormInput["recurrence"]) ?? "MENSAL",
    },
  });
  const { control } = form;
  // spec admin §2.4: the form offers only Mensal (a company on another recurrence keeps its own)
  const recurrences = [...new Set(["MENSAL", company?.recurrence ?? "MENSAL"])] as CompanyFormInput["recurrence"][];

  const onSubmit = async (values: CompanyFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    const { password, ...fields } = values;
    const body = company ? fields : { ...fields, password };
    try {
      const saved = await api<CompanyRow>(company ? `/api/companies/${company.id}` : "/api/companies", { method: company ? "PUT" : "POST", json: body });
      toast({ variant: "success", title: company ? t("toasts.updated") : t("toasts.created") });
      onSaved(saved);
    } catch (err) {
      saveFailure(err, t("toasts.saveFailed"), (path, message) => form.setError(path as keyof CompanyFormInput, { message }));
    }
  };

  const text = (name: TextField, type: string, opts: { hint?: string; disabled?: boolean; autoComplete?: string } = {}) => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(`dialog.${name}`)}</FormLabel>
          <FormControl>
            <Input
              type={type}
              autoFocus={name === "name"}
              autoComplete={opts.autoComplete ?? "off"}
              disabled={opts.disabled}
              {...field}
              value={(field.value as string | undefined) ?? ""}
              data-testid={`field-${name}`}
            />
          </FormControl>
          {opts.hint && <FormDescription>{opts.hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  const toggle = (name: "status" | "campaignsEnabled", label: string, hint: string, disabled = false) => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-start gap-3 rounded-lg border p-3">
          <FormControl>
            <Switch className="mt-0.5" checked={field.value} onCheckedChange={field.onChange} disabled={disabled} data-testid={`field-${name}`} />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel className="font-normal">{label}</FormLabel>
            <FormDescription>{hint}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="company-form">
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          {text("name", "text", { autoComplete: "organization" })}
          {text("email", "email", { hint: company ? undefined : t("dialog.emailHint") })}
          {!company && text("password", "password", { autoComplete: "new-password" })}
          {text("phone", "tel", { autoComplete: "tel" })}
        </div>
        <FormField
          control={control}
          name="planId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("dialog.plan")}</FormLabel>
              <Select value={field.value ? String(field.value) : ""} onValueChange={(v) => field.onChange(Number(v))}>
                <FormControl>
                  <SelectTrigger className="w-full" data-testid="field-planId">
                    <SelectValue placeholder={t("dialog.planPlaceholder")} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {plans.map((p) => (
                    <SelectItem key={p.id} value={String(p.id)} data-testid={`plan-option-${p.id}`}>
                      {p.name} · {formatBRL(p.value)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          {text("dueDate", "date", { hint: owner ? t("dialog.ownerDueDate") : t("dialog.dueDateHint"), disabled: owner })}
          <FormField
            control={control}
            name="recurrence"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("dialog.recurrence")}</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="w-full" data-testid="field-recurrence">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {recurrences.map((r) => (
                      <SelectItem key={r} value={r}>
                        {t(`recurrences.${r}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {toggle("status", t("dialog.status"), owner ? t("dialog.ownerStatus") : t("dialog.statusHint"), owner)}
          {toggle("campaignsEnabled", t("dialog.campaigns"), t("dialog.campaignsHint"))}
        </div>
        <FormFooter
          pending={form.formState.isSubmitting}
          submitLabel={company ? common("save") : t("dialog.submitAdd")}
          onCancel={onCancel}
          submitTestId="company-submit"
          className="pt-2"
          cancelWhilePending
        />
      </form>
    </Form>
  );
}
