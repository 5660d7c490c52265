"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { useSaveFailure } from "@/components/settings/use-save-failure";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { formatBRL, moneyInput, parseMoney } from "@/lib/plans/money";
import { PLAN_FLAGS } from "@/lib/plans/features";
import { planFormSchema, type PlanFormInput, type PlanFormValues } from "@/lib/plans/schemas";
import type { PlanRow } from "./plan-types";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

type Props = { plan: PlanRow | null; onClose: () => void; onSaved: (plan: PlanRow) => void };

// spec admin §1: new plans have every flag on
const NEW_PLAN: PlanFormInput = {
  name: "",
  users: 1,
  connections: 1,
  queues: 1,
  value: "",
  isPublic: true,
  ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])),
} as PlanFormInput;

/** Add/edit a plan: name, monthly price (typed as in pt-BR), limits, sign-up visibility and the seven features. */
export function PlanDialog({ plan, onClose, onSaved }: Props) {
  const t = useTranslations("plans");
  const common = useTranslations("common");
  const saveFailure = useSaveFailure();
  const form = useForm<PlanFormInput, unknown, PlanFormValues>({
    resolver: zodResolver(planFormSchema) as unknown as Resolver<PlanFormInput, unknown, PlanFormValues>,
    defaultValues: plan ? { ...plan, value: moneyInput(plan.value) } : NEW_PLAN,
  });
  const { control } = form;
  const typed = useWatch({ control, name: "value" });
  const price = parseMoney(typed);

  const onSubmit = async (values: PlanFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<PlanRow>(plan ? `/api/plans/${plan.id}` : "/api/plans", { method: plan ? "PUT" : "POST", json: values });
      toast({ variant: "success", title: plan ? t("toasts.updated") : t("toasts.created") });
      onSaved(saved);
    } catch (err) {
      saveFailure(err, t("toasts.saveFailed"), (path, message) => form.setError(path as keyof PlanFormInput, { message }));
    }
  };

  const limit = (name: "users" | "connections" | "queues") => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(`dialog.${name}`)}</FormLabel>
          <FormControl>
            <Input type="number" inputMode="numeric" min={0} step={1} {...field} value={String(field.value ?? "")} data-testid={`field-${name}`} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="sm:max-w-2xl" closeLabel={common("close")} data-testid="plan-dialog">
        <DialogHeader>
          <DialogTitle>{plan ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="plan-form">
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem] sm:items-start">
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
                name="value"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("dialog.value")}</FormLabel>
                    <FormControl>
                      <Input inputMode="decimal" placeholder="0,00" autoComplete="off" {...field} value={String(field.value ?? "")} data-testid="field-value" />
                    </FormControl>
                    <FormDescription className="tabular-nums" data-testid="value-preview">
                      {price !== null ? `${formatBRL(price)}${t("perMonth")}` : "\u00a0"}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <div className="space-y-2">
              <div className="grid grid-cols-3 gap-4 sm:items-start">
                {limit("users")}
                {limit("connections")}
                {limit("queues")}
              </div>
              <p className="text-sm text-muted-foreground">{t("dialog.limitsHint")}</p>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("dialog.features")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {PLAN_FLAGS.map((f) => (
                  <FormField
                    key={f}
                    control={control}
                    name={f}
                    render={({ field }) => (
                      <FormItem className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
                        <FormLabel className="font-normal">{t(`flags.${f}`)}</FormLabel>
                        <FormControl>
                          <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} data-testid={`field-${f}`} />
                        </FormControl>
                      </FormItem>
                    )}
                  />
                ))}
              </div>
            </fieldset>
            <FormField
              control={control}
              name="isPublic"
              render={({ field }) => (
                <FormItem className="flex items-start gap-3 rounded-lg border p-3">
                  <FormControl>
                    <Switch className="mt-0.5" checked={field.value} onCheckedChange={field.onChange} data-testid="field-isPublic" />
                  </FormControl>
                  <div className="grid gap-1">
                    <FormLabel className="font-normal">{t("dialog.public")}</FormLabel>
                    <FormDescription>{t("dialog.publicHint")}</FormDescription>
                  </div>
                </FormItem>
              )}
            />
            <FormFooter pending={form.formState.isSubmitting} submitLabel={plan ? common("save") : t("dialog.submitAdd")} onCancel={onClose} submitTestId="plan-submit" />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
