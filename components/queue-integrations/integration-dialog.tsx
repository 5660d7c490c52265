"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { integrationFormSchema, Q, TYPEBOT_DEFAULTS, type IntegrationFormInput, type IntegrationFormValues } from "@/lib/queue-integrations/schemas";
import { DialogflowTest } from "./dialogflow-test";
import { TypeField, TypeFields } from "./integration-fields";
import type { IntegrationRow, IntegrationView } from "./integration-types";
import { TextField } from "./text-field";

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay
const OWN_KEYS = new Set<string>(Object.values(Q));

type Props = { row: IntegrationRow | null; onClose: () => void; onSaved: (saved: IntegrationView) => void };

const EMPTY: IntegrationFormInput = {
  type: "typebot",
  name: "",
  projectName: "",
  jsonContent: "",
  language: "pt-BR",
  urlN8N: "",
  typebotSlug: "",
  typebotExpires: TYPEBOT_DEFAULTS.typebotExpires,
  typebotDelayMessage: TYPEBOT_DEFAULTS.typebotDelayMessage,
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
  jsonSet: false,
};

const toForm = (v: IntegrationView): IntegrationFormInput => ({ ...EMPTY, ...pick(v), jsonContent: "", jsonSet: v.jsonSet });
const pick = (v: IntegrationView) => {
  const { type, name, projectName, language, urlN8N, typebotSlug, typebotExpires, typebotDelayMessage } = v;
  const { typebotKeywordFinish, typebotKeywordRestart, typebotRestartMessage, typebotUnknownMessage } = v;
  return { type, name, projectName, language: (language || "pt-BR") as IntegrationFormInput["language"], urlN8N, typebotSlug, typebotExpires, typebotDelayMessage, typebotKeywordFinish, typebotKeywordRestart, typebotRestartMessage, typebotUnknownMessage };
};

/** Add/edit a queue integration (admin §2.13, §5): the type's fields, and for Dialogflow a test. */
export function IntegrationDialog({ row, onClose, onSaved }: Props) {
  const t = useTranslations("queueIntegrations");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [loaded, setLoaded] = useState<IntegrationView | null>(null);
  const translate = (m: string | undefined) => (m && OWN_KEYS.has(m) ? t(`validation.${m}`) : m);
  const base = zodResolver(integrationFormSchema) as unknown as Resolver<IntegrationFormInput, unknown, IntegrationFormValues>;
  const resolver: typeof base = async (...args) => {
    const res = await base(...args);
    for (const e of Object.values(res.errors)) if (e && typeof e.message === "string") e.message = translate(e.message);
    return res;
  };
  const form = useForm<IntegrationFormInput, unknown, IntegrationFormValues>({ resolver, defaultValues: EMPTY });
  const { control, reset } = form;
  const type = useWatch({ control, name: "type" });

  useEffect(() => {
    if (!row) return;
    let live = true;
    api<IntegrationView>(`/api/queueIntegration/${row.id}`)
      .then((v) => {
        if (!live) return;
        reset(toForm(v));
        setLoaded(v);
      })
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per dialog
  }, [row?.id]);

  const onSubmit = async (values: IntegrationFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    const body: Partial<IntegrationFormValues> = { ...values };
    delete body.jsonSet;
    try {
      const saved = await api<IntegrationView>(row ? `/api/queueIntegration/${row.id}` : "/api/queueIntegration", { method: row ? "PUT" : "POST", json: body });
      toast({ variant: "success", title: t("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as "name", { message: translate(i.message) }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !form.formState.isSubmitting && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-xl" closeLabel={common("close")} data-testid="integration-dialog">
        <DialogHeader>
          <DialogTitle>{row ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t(`dialog.about.${type}`)}</DialogDescription>
        </DialogHeader>
        {row && !loaded ? (
          <div className="flex justify-center py-10">
            <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label={common("loading")} />
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="integration-form">
              <div className="grid gap-4 sm:grid-cols-2">
                <TypeField control={control} />
                <TextField control={control} name="name" label={t("dialog.name")} maxLength={50} autoFocus />
              </div>
              <TypeFields control={control} type={type} clientEmail={loaded?.clientEmail ?? ""} jsonSet={!!loaded?.jsonSet && loaded.type === "dialogflow"} />
              {type === "dialogflow" && (
                <DialogflowTest
                  id={row?.id ?? null}
                  values={() => {
                    const v = form.getValues();
                    return { projectName: String(v.projectName ?? ""), jsonContent: String(v.jsonContent ?? ""), language: String(v.language ?? "pt-BR") };
                  }}
                />
              )}
              <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onClose} submitTestId="integration-submit" />
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
