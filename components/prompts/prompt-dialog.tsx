"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, TriangleAlert } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { PROMPT_DEFAULTS, promptFormSchema, type PromptFormInput, type PromptFormValues } from "@/lib/prompts/schemas";
import { PromptMainFields } from "./prompt-main-fields";
import { PromptModelFields } from "./prompt-model-fields";
import type { PromptRow, QueueOption } from "./prompt-types";
import { PromptVoiceFields } from "./prompt-voice-fields";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay
// this screen's own validation texts (prompts.validation.*)
const OWN_MESSAGES = new Set(["queueRequired", "invalidUrl", "invalidRegion"]);

type Props = { row: PromptRow | null; queues: QueueOption[]; onClose: () => void; onSaved: (saved: PromptRow) => void };

const blank: PromptFormInput = { name: "", prompt: "", queueId: "", ...PROMPT_DEFAULTS, voiceKey: "", voiceRegion: "", apiKey: "", baseUrl: "" };
const toForm = (p: PromptRow): PromptFormInput => ({
  name: p.name, prompt: p.prompt, queueId: p.queueId ?? "", voice: p.voice as PromptFormInput["voice"], voiceKey: "", voiceRegion: p.voiceRegion,
  maxTokens: p.maxTokens, temperature: p.temperature, apiKey: "", maxMessages: p.maxMessages, baseUrl: p.baseUrl,
});

/** Add/edit an AI prompt (admin §2.12, §3 Prompt, §5, §9; issue 17 §1). */
export function PromptDialog({ row, queues, onClose, onSaved }: Props) {
  const t = useTranslations("prompts");
  const common = useTranslations("common");
  const format = useFormatter();
  const errorMessage = useErrorMessage();
  const [loaded, setLoaded] = useState<PromptRow | null>(null);
  const base = zodResolver(promptFormSchema) as unknown as Resolver<PromptFormInput, unknown, PromptFormValues>;
  const resolver: typeof base = async (...args) => {
    const res = await base(...args);
    for (const e of Object.values(res.errors)) if (e && typeof e.message === "string" && OWN_MESSAGES.has(e.message)) e.message = t(`validation.${e.message}`);
    return res;
  };
  const form = useForm<PromptFormInput, unknown, PromptFormValues>({ resolver, defaultValues: row ? toForm(row) : blank });

  useEffect(() => {
    if (!row) return;
    let live = true;
    api<PromptRow>(`/api/prompt/${row.id}`)
      .then((p) => {
        if (!live) return;
        form.reset(toForm(p));
        setLoaded(p);
      })
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per dialog
  }, [row?.id]);

  const onSubmit = async (values: PromptFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<PromptRow>(row ? `/api/prompt/${row.id}` : "/api/prompt", { method: row ? "PUT" : "POST", json: values });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as "name", { message: OWN_MESSAGES.has(i.message) ? t(`validation.${i.message}`) : i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const current = loaded ?? row;
  const ready = !row || loaded;
  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl" closeLabel={common("close")} data-testid="prompt-dialog">
        <DialogHeader>
          <DialogTitle>{row ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {!ready ? (
          <div className="flex justify-center py-10">
            <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label={common("loading")} />
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="prompt-form">
              {current?.lastError && (
                <div role="status" className="flex gap-2 rounded-lg border border-warning bg-warning/10 p-3 text-sm" data-testid="prompt-dialog-last-error">
                  <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning" aria-hidden />
                  <div className="min-w-0">
                    <p className="font-medium">{t("dialog.lastError", { date: current.lastErrorAt ? format.dateTime(new Date(current.lastErrorAt), { dateStyle: "short", timeStyle: "short" }) : "" })}</p>
                    <p className="break-words text-muted-foreground">{current.lastError}</p>
                  </div>
                </div>
              )}
              <PromptMainFields control={form.control} queues={queues} />
              <PromptModelFields control={form.control} apiKey={{ set: Boolean(current?.apiKeySet), hint: current?.apiKeyHint ?? "" }} />
              <PromptVoiceFields control={form.control} voiceKey={{ set: Boolean(current?.voiceKeySet), hint: current?.voiceKeyHint ?? "" }} />
              <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onClose} submitTestId="prompt-submit" />
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
