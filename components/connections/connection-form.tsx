"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { generateToken } from "@/lib/connections/generate-token";
import { connectionFormSchema, type ConnectionFormValues } from "@/lib/connections/schemas";
import { BotFields } from "./bot-fields";
import { FormSection, MessageField, NumberField, type FormValues } from "./connection-form-fields";
import type { QueueOption } from "./connection-types";
import { WebhookSection } from "./webhook-section";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay
const NO_QUEUE = "none";

type Props = {
  connectionId: number | null;
  initial: FormValues;
  queues: QueueOption[];
  sandboxEnabled: boolean;
  onSaved: (saved: { id: number }) => void;
  onCancel: () => void;
};

/** Every field of admin §2.2's connection dialog. */
export function ConnectionForm({ connectionId, initial, queues, sandboxEnabled, onSaved, onCancel }: Props) {
  const t = useTranslations("connections");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const form = useForm<FormValues, unknown, ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema) as unknown as Resolver<FormValues, unknown, ConnectionFormValues>,
    defaultValues: initial,
  });
  const { control } = form;
  // a real number's pacing (issue 33 §6); the simulated phone is not paced
  const provider = useWatch({ control, name: "provider" });
  const showSandbox = sandboxEnabled || initial.provider === "sandbox";

  const onSubmit = async (values: ConnectionFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<{ id: number }>(connectionId ? `/api/whatsapp/${connectionId}` : "/api/whatsapp", {
        method: connectionId ? "PUT" : "POST",
        json: values,
      });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof FormValues, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="connection-form">
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <FormField
            control={control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.name")}</FormLabel>
                <FormControl>
                  <Input autoFocus {...field} value={String(field.value ?? "")} data-testid="field-name" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="isDefault"
            render={({ field }) => (
              <FormItem className="flex h-9 items-center gap-3 sm:mt-[22px]">
                <FormControl>
                  <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} data-testid="field-isDefault" />
                </FormControl>
                <FormLabel className="font-normal">{t("form.isDefault")}</FormLabel>
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={control}
          name="provider"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.provider")}</FormLabel>
              <Select value={String(field.value)} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger data-testid="field-provider">
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  <SelectItem value="beta">{t("providers.beta")}</SelectItem>
                  {showSandbox && <SelectItem value="sandbox">{t("providers.sandbox")}</SelectItem>}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormSection title={t("form.messagesSection")}>
          <MessageField control={control} name="greetingMessage" />
          <MessageField control={control} name="complationMessage" />
          <MessageField control={control} name="outOfHoursMessage" />
          <MessageField control={control} name="ratingMessage" />
        </FormSection>

        <FormSection title={t("form.queuesSection")}>
          <FormField
            control={control}
            name="queueIds"
            render={({ field }) => {
              const selected = new Set(field.value as number[]);
              const toggle = (id: number, on: boolean) =>
                field.onChange(queues.filter((q) => (q.id === id ? on : selected.has(q.id))).map((q) => q.id));
              return (
                <FormItem>
                  <FormLabel>{t("form.queueIds")}</FormLabel>
                  {queues.length ? (
                    <div className="grid gap-1 rounded-md border p-2 sm:grid-cols-2" data-testid="field-queueIds">
                      {queues.map((q) => (
                        <label key={q.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={selected.has(q.id)}
                            onChange={(e) => toggle(q.id, e.target.checked)}
                          />
                          <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
                          <span className="truncate">{q.name}</span>
                        </label>
                      ))}
                    </div>
                  ) : (
                    <p className="text-sm text-muted-foreground">{t("form.noQueues")}</p>
                  )}
                  <FormMessage />
                </FormItem>
              );
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={control}
              name="transferQueueId"
              render={({ field }) => (
                <FormItem className="content-start">
                  <FormLabel>{t("form.transferQueueId")}</FormLabel>
                  <Select
                    value={field.value ? String(field.value) : NO_QUEUE}
                    onValueChange={(v) => field.onChange(v === NO_QUEUE ? null : Number(v))}
                  >
                    <FormControl>
                      <SelectTrigger data-testid="field-transferQueueId">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      <SelectItem value={NO_QUEUE}>{t("form.noTransfer")}</SelectItem>
                      {queues.map((q) => (
                        <SelectItem key={q.id} value={String(q.id)}>
                          {q.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <NumberField control={control} name="timeToTransfer" hint={t("form.timeToTransferHint")} />
          </div>
        </FormSection>

        <FormSection title={t("form.botSection")}>
          {/* bottom-aligned: a label that wraps must not push its input below the others */}
          <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
            <NumberField control={control} name="expiresTicket" />
            <NumberField control={control} name="timeUseBotQueues" />
            <NumberField control={control} name="maxUseBotQueues" />
          </div>
          <MessageField control={control} name="expiresInactiveMessage" />
          <BotFields control={control} />
        </FormSection>

        {provider !== "sandbox" && (
          <FormSection title={t("form.sendSection")}>
            <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
              <NumberField control={control} name="sendMinGapSeconds" />
              <NumberField control={control} name="sendHourCap" />
              <NumberField control={control} name="sendDayCap" />
            </div>
            <p className="text-sm text-muted-foreground" data-testid="send-pacing-hint">
              {t("form.sendHint")}
            </p>
          </FormSection>
        )}

        <FormSection title={t("form.apiSection")}>
          <FormField
            control={control}
            name="token"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.token")}</FormLabel>
                <div className="flex gap-2">
                  <FormControl>
                    <Input className="font-mono" spellCheck={false} autoComplete="off" {...field} value={String(field.value ?? "")} data-testid="field-token" />
                  </FormControl>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => form.setValue("token", generateToken(), { shouldDirty: true, shouldValidate: true })}
                    data-testid="regenerate-token"
                  >
                    <KeyRound aria-hidden />
                    {t("form.regenerateToken")}
                  </Button>
                </div>
                <FormDescription>{t("form.tokenHint")}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </FormSection>

        {connectionId && <WebhookSection connectionId={connectionId} />}

        <FormFooter pending={form.formState.isSubmitting} submitLabel={connectionId ? common("save") : t("form.add")} onCancel={onCancel} submitTestId="connection-submit" className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-card px-6 py-4" cancelWhilePending />
      </form>
    </Form>
  );
}
