"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import type { SendResult } from "./use-send-test";

/** The endpoint's answer under a test form: status and the JSON body as sent. */
export function SendResultView({ result, testId }: { result: SendResult | null; testId: string }) {
  const t = useTranslations("messagesApi");
  if (!result) return null;
  const ok = result.status >= 200 && result.status < 300;
  return (
    <div className="mt-4 space-y-2" data-testid={testId}>
      <p className="text-sm font-medium">
        {t("forms.answer")}{" "}
        <span data-testid={`${testId}-status`} className={cn("rounded px-1.5 py-0.5 font-mono", ok ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300" : "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300")}>
          {result.status === 0 ? t("forms.networkError") : result.status}
        </span>
      </p>
      <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs" data-testid={`${testId}-body`}>
        {typeof result.body === "string" ? result.body : JSON.stringify(result.body, null, 2)}
      </pre>
    </div>
  );
}
