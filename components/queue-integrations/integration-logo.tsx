import { Webhook } from "lucide-react";
import type { IntegrationType } from "@/lib/queue-integrations/schemas";
import { cn } from "@/lib/utils";

const NAMES: Record<IntegrationType, string> = { dialogflow: "Dialogflow", n8n: "n8n", webhook: "Webhook", typebot: "Typebot" };

/** A small mark per integration type (drawn here: no image is fetched). */
export function IntegrationLogo({ type, className }: { type: IntegrationType; className?: string }) {
  const box = cn("inline-flex size-8 shrink-0 items-center justify-center rounded-lg", className);
  const label = NAMES[type] ?? type;
  if (type === "webhook")
    return (
      <span className={cn(box, "bg-emerald-500/15 text-emerald-600 dark:text-emerald-400")} role="img" aria-label={label} title={label} data-testid="logo-webhook">
        <Webhook className="size-5" aria-hidden />
      </span>
    );
  return (
    <span className={box} role="img" aria-label={label} title={label} data-testid={`logo-${type}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        {type === "dialogflow" && (
          <>
            <path d="M16 2 28 9v14l-12 7-12-7V9z" fill="#FF9800" />
            <path d="M16 2 28 9 16 16 4 9z" fill="#FFB74D" />
            <rect x="10" y="13" width="12" height="8" rx="2" fill="#fff" />
            <path d="M13 21v3l3-3z" fill="#fff" />
          </>
        )}
        {type === "n8n" && (
          <>
            <rect width="32" height="32" rx="8" fill="#EA4B71" />
            <path d="M7 16h6m6-4 3-3m-3 11 3 3M13 16h6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            <circle cx="8" cy="16" r="2.5" fill="#fff" />
            <circle cx="16" cy="16" r="2.5" fill="#fff" />
            <circle cx="24" cy="8" r="2.5" fill="#fff" />
            <circle cx="24" cy="24" r="2.5" fill="#fff" />
          </>
        )}
        {type === "typebot" && (
          <>
            <rect width="32" height="32" rx="8" fill="#0042DA" />
            <rect x="7" y="10" width="18" height="13" rx="4" fill="#fff" />
            <circle cx="12.5" cy="16.5" r="2" fill="#0042DA" />
            <circle cx="19.5" cy="16.5" r="2" fill="#0042DA" />
            <path d="M16 6v4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          </>
        )}
      </svg>
    </span>
  );
}
