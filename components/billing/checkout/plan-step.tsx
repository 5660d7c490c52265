"use client";

import { Cable, Check, ListOrdered, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBRL } from "@/lib/plans/money";
import { cn } from "@/lib/utils";
import type { CheckoutPlan } from "../billing-types";

type Props = {
  plans: CheckoutPlan[] | null;
  selectedId: number | null;
  /** the company's plan today, marked on its card */
  currentId: number;
  onSelect: (plan: CheckoutPlan) => void;
  onBack: () => void;
  /** the selected plan goes on (a preselected plan needs no click on its card) */
  onNext: () => void;
};

/** Checkout step 2 (Personalizar): plan cards; choosing one goes on to the review (spec admin §2.6). */
export function PlanStep({ plans, selectedId, currentId, onSelect, onBack, onNext }: Props) {
  const t = useTranslations("billing.checkout");
  return (
    <div className="space-y-5" data-testid="checkout-plans">
      <div className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
        {plans === null &&
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-48 rounded-xl" />)}
        {plans?.map((plan) => {
          const selected = plan.id === selectedId;
          return (
            <div
              key={plan.id}
              className={cn(
                "flex flex-col rounded-xl border bg-card p-4 transition-shadow",
                selected ? "border-primary ring-2 ring-primary/30" : "hover:border-primary/50",
              )}
              data-testid={`plan-card-${plan.id}`}
              data-selected={selected || undefined}
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold break-words">{plan.name}</p>
                {plan.id === currentId && (
                  <Badge variant="secondary" className="shrink-0" data-testid="plan-current">
                    {t("currentPlan")}
                  </Badge>
                )}
              </div>
              <p className="mt-1 text-2xl font-semibold tracking-tight">
                {formatBRL(plan.value)}
                <span className="text-sm font-normal text-muted-foreground">{t("perMonth")}</span>
              </p>
              <ul className="mt-3 mb-4 space-y-1.5 text-sm text-muted-foreground">
                <li className="flex items-center gap-2">
                  <Users className="size-4" aria-hidden />
                  {t("planUsers", { count: plan.users })}
                </li>
                <li className="flex items-center gap-2">
                  <Cable className="size-4" aria-hidden />
                  {t("planConnections", { count: plan.connections })}
                </li>
                <li className="flex items-center gap-2">
                  <ListOrdered className="size-4" aria-hidden />
                  {t("planQueues", { count: plan.queues })}
                </li>
              </ul>
              <Button
                className="mt-auto w-full"
                variant={selected ? "default" : "outline"}
                onClick={() => onSelect(plan)}
                data-testid="plan-select"
              >
                {selected && <Check aria-hidden />}
                {selected ? t("selected") : t("select")}
              </Button>
            </div>
          );
        })}
      </div>
      {plans?.length === 0 && <p className="text-sm text-muted-foreground">{t("noPlans")}</p>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} data-testid="checkout-back">
          {t("back")}
        </Button>
        <Button type="button" onClick={onNext} disabled={selectedId === null} data-testid="checkout-next">
          {t("next")}
        </Button>
      </DialogFooter>
    </div>
  );
}
