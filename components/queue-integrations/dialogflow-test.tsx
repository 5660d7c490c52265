"use client";

import { CircleCheck, CircleX, FlaskConical, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { TestSessionAnswer } from "./integration-types";

type Props = {
  /** the dialog's current values (the JSON may be empty when one is stored: `id` then names it) */
  values: () => { projectName: string; jsonContent: string; language: string };
  id: number | null;
};

/** The dialog's Dialogflow test (admin §2.13): one message to the agent, its answer or why it failed. */
export function DialogflowTest({ values, id }: Props) {
  const t = useTranslations("queueIntegrations.test");
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<{ pending: boolean; result: TestSessionAnswer | null }>({ pending: false, result: null });

  const run = async () => {
    setState({ pending: true, result: null });
    try {
      const v = values();
      const result = await api<TestSessionAnswer>("/api/queueIntegration/testSession", {
        method: "POST",
        json: { projectName: v.projectName, jsonContent: v.jsonContent, language: v.language, ...(id ? { id } : {}) },
      });
      setState({ pending: false, result });
    } catch (err) {
      setState({ pending: false, result: { ok: false, error: errorMessage(err) } });
    }
  };

  const r = state.result;
  return (
    <div className="space-y-2 rounded-lg border border-dashed p-3" data-testid="dialogflow-test">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t("hint")}</p>
        <Button type="button" variant="outline" size="sm" onClick={run} disabled={state.pending} data-testid="dialogflow-test-button">
          {state.pending ? <Loader2 className="animate-spin" aria-hidden /> : <FlaskConical aria-hidden />}
          {t("button")}
        </Button>
      </div>
      {r && (
        <div
          role="status"
          className={r.ok ? "flex gap-2 text-sm text-emerald-700 dark:text-emerald-400" : "flex gap-2 text-sm text-destructive"}
          data-testid="dialogflow-test-result"
        >
          {r.ok ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />}
          <span className="min-w-0 break-words whitespace-pre-line">
            {r.ok ? (r.answer ? t("answer", { answer: r.answer }) : t("noAnswer")) : t("failed", { error: r.error })}
          </span>
        </div>
      )}
    </div>
  );
}
