"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { QUICK_MESSAGE_MAX_BYTES } from "@/lib/quick-messages/media-name";
import { MESSAGE_MAX, quickMessageFormSchema, type QuickMessageFormValues } from "@/lib/quick-messages/schemas";
import { AttachmentField } from "./attachment-field";
import type { QuickMessageRow } from "./quick-message-types";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay
// spec core §2: the message variables of the ticket input
const VARIABLES = ["{{firstName}}", "{{name}}", "{{ms}}", "{{protocol}}", "{{hora}}"];

type FormValues = { shortcode: string; message: string; geral: boolean; status: boolean; hasMedia: boolean };

type Props = {
  row: QuickMessageRow | null;
  onSaved: (saved: QuickMessageRow) => void;
  onCancel: () => void;
  onBusy: (busy: boolean) => void;
};

/** Shortcode, text (with variables), optional file, shared-with-the-company and active switches. */
export function QuickMessageForm({ row, onSaved, onCancel, onBusy }: Props) {
  const t = useTranslations("quickMessages.dialog");
  const qm = useTranslations("quickMessages");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [picked, setPicked] = useState<File | null>(null);
  const [dropCurrent, setDropCurrent] = useState(false);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const current = row?.mediaUrl && row.mediaName && !dropCurrent ? { name: row.mediaName, url: row.mediaUrl } : null;
  // spec admin §9: geral false, status true
  const form = useForm<FormValues, unknown, QuickMessageFormValues>({
    resolver: zodResolver(quickMessageFormSchema) as unknown as Resolver<FormValues, unknown, QuickMessageFormValues>,
    defaultValues: { shortcode: row?.shortcode ?? "", message: row?.message ?? "", geral: row?.geral ?? false, status: row?.status ?? true, hasMedia: Boolean(row?.isMedia) },
  });
  const { control } = form;

  const setMedia = (file: File | null, drop: boolean) => {
    if (file && file.size > QUICK_MESSAGE_MAX_BYTES) {
      toast({ variant: "error", title: t("fileTooLarge") });
      return;
    }
    setPicked(file);
    setDropCurrent(drop);
    const has = Boolean(file) || (Boolean(row?.mediaPath) && !drop);
    form.setValue("hasMedia", has);
    if (form.formState.isSubmitted) void form.trigger("message");
  };

  const insertVariable = (v: string) => {
    const el = textarea.current;
    const value = form.getValues("message");
    const [start, end] = el ? [el.selectionStart, el.selectionEnd] : [value.length, value.length];
    form.setValue("message", value.slice(0, start) + v + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + v.length, start + v.length);
    });
  };

  const save = async (values: QuickMessageFormValues): Promise<QuickMessageRow> => {
    const fields = { shortcode: values.shortcode, message: values.message, geral: values.geral, status: values.status };
    const url = row ? `/api/quick-messages/${row.id}` : "/api/quick-messages";
    const method = row ? "PUT" : "POST";
    if (picked || !row) {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
      if (picked) body.append("file", picked);
      return api<QuickMessageRow>(url, { method, body });
    }
    const saved = await api<QuickMessageRow>(url, { method, json: fields });
    return dropCurrent && row.mediaPath ? api<QuickMessageRow>(`/api/quick-messages/${row.id}/media`, { method: "DELETE" }) : saved;
  };

  const onSubmit = async (values: QuickMessageFormValues) => {
    onBusy(true);
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await save(values);
      toast({ variant: "success", title: qm("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as keyof FormValues, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      onBusy(false);
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="quick-message-form">
        <FormField
          control={control}
          name="shortcode"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("shortcode")}</FormLabel>
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-mono text-muted-foreground" aria-hidden>
                  /
                </span>
                <FormControl>
                  <Input
                    autoFocus
                    maxLength={50}
                    autoComplete="off"
                    spellCheck={false}
                    autoCapitalize="none"
                    className="pl-6 font-mono"
                    {...field}
                    data-testid="field-shortcode"
                  />
                </FormControl>
              </div>
              <FormDescription>{t("shortcodeHint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("message")}</FormLabel>
              <FormControl>
                <Textarea
                  rows={5}
                  maxLength={MESSAGE_MAX}
                  className="max-h-72 resize-y"
                  {...field}
                  ref={(el) => {
                    field.ref(el);
                    textarea.current = el;
                  }}
                  data-testid="field-message"
                />
              </FormControl>
              <div className="flex flex-wrap items-center gap-1.5">
                <span className="text-xs text-muted-foreground">{t("variables")}</span>
                {VARIABLES.map((v) => (
                  <button
                    key={v}
                    type="button"
                    onClick={() => insertVariable(v)}
                    className="rounded-md border bg-muted/50 px-1.5 py-0.5 font-mono text-xs text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {v}
                  </button>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-2">
          <Label>{t("media")}</Label>
          <AttachmentField
            current={current}
            picked={picked}
            onPick={(file) => setMedia(file, dropCurrent)}
            onRemoveCurrent={() => setMedia(null, true)}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SwitchField control={control} name="geral" label={t("geral")} hint={t("geralHint")} testId="field-geral" />
          <SwitchField control={control} name="status" label={t("status")} hint={t("statusHint")} testId="field-status" />
        </div>
        <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onCancel} submitTestId="quick-message-submit" />
      </form>
    </Form>
  );
}

type SwitchFieldProps = {
  control: ReturnType<typeof useForm<FormValues, unknown, QuickMessageFormValues>>["control"];
  name: "geral" | "status";
  label: string;
  hint: string;
  testId: string;
};

function SwitchField({ control, name, label, hint, testId }: SwitchFieldProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start justify-between gap-3 rounded-lg border p-3">
          <div className="space-y-0.5">
            <FormLabel>{label}</FormLabel>
            <FormDescription className="text-xs">{hint}</FormDescription>
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} data-testid={testId} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
