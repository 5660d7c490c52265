"use client";

import { Check } from "lucide-react";
import { cn } from "@/lib/utils";

/** The checkout's three steps (spec admin §2.6: Dados, Personalizar, Revisar), done ones ticked. */
export function CheckoutStepper({ steps, active }: { steps: string[]; active: number }) {
  return (
    <ol className="flex items-center gap-2" data-testid="checkout-stepper">
      {steps.map((label, i) => {
        const done = i < active;
        const current = i === active;
        return (
          <li key={label} className={cn("flex items-center gap-2", i < steps.length - 1 && "flex-1")} aria-current={current ? "step" : undefined}>
            <span
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                done && "border-primary bg-primary text-primary-foreground",
                current && "border-primary text-primary ring-4 ring-primary/15",
                !done && !current && "text-muted-foreground",
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden /> : i + 1}
            </span>
            {/* on a phone only the current step is named */}
            <span className={cn("text-sm whitespace-nowrap", current ? "font-medium" : "hidden text-muted-foreground sm:inline")}>{label}</span>
            {i < steps.length - 1 && <span className={cn("h-px min-w-4 flex-1", done ? "bg-primary" : "bg-border")} aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
