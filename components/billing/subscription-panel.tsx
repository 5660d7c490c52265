"use client";

import { CalendarCheck, Hourglass, Mail, Package, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { lastActiveDay } from "@/lib/companies/due-date";
import { formatDayBr } from "@/lib/dates/today";
import { formatBRL } from "@/lib/plans/money";
import type { CheckoutPlan } from "./billing-types";
import { CheckoutDialog } from "./checkout/checkout-dialog";

type Props = {
  companyId: number;
  /** whole days of trial left (0: ended); null: the company has no trial */
  trialDays: number | null;
  email: string | null;
  dueDate: string | null;
  recurrence: string;
  plan: CheckoutPlan;
  /** the platform owner's company: never billed, so no subscribe button */
  isPlatformOwner: boolean;
};

function Item({ icon: Icon, label, children, testId }: { icon: typeof Mail; label: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="flex items-start gap-3 py-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
        <div className="mt-0.5 font-medium break-words" data-testid={testId}>
          {children}
        </div>
      </div>
    </div>
  );
}

/** /subscription (spec admin §2.6): trial days left, billing email, due date and plan; subscribe opens the checkout. */
export function SubscriptionPanel({ companyId, trialDays, email, dueDate, recurrence, plan, isPlatformOwner }: Props) {
  const t = useTranslations("billing.subscription");
  const [checkout, setCheckout] = useState(0);
  return (
    <div>
      <PageHeader title={t("title")} />
      <div className="grid gap-4 md:grid-cols-[1fr_1.4fr]">
        <section className="flex flex-col rounded-xl border bg-card p-6" data-testid="subscription-trial">
          <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Hourglass className="size-4" aria-hidden />
            {t("trialTitle")}
          </div>
          {trialDays === null ? (
            <p className="mt-3 text-muted-foreground" data-testid="trial-text">
              {t("noTrial")}
            </p>
          ) : (
            <>
              <p className="mt-3 text-5xl font-semibold tracking-tight tabular-nums" data-testid="trial-days">
                {trialDays}
              </p>
              <p className="mt-1 text-muted-foreground" data-testid="trial-text">
                {trialDays > 0 ? t("trialText", { count: trialDays }) : t("trialEnded")}
              </p>
            </>
          )}
          {isPlatformOwner ? (
            <p className="mt-6 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="platform-owner">
              {t("platformOwner")}
            </p>
          ) : (
            <Button className="mt-6 w-full sm:w-auto sm:self-start" size="lg" onClick={() => setCheckout((k) => k + 1)} data-testid="subscribe">
              <Sparkles aria-hidden />
              {t("subscribe")}
            </Button>
          )}
        </section>
        <section className="rounded-xl border bg-card px-6 py-3 divide-y">
          <Item icon={Mail} label={t("billingEmail")} testId="billing-email">
            {email || <span className="text-muted-foreground">{t("noEmail")}</span>}
          </Item>
          <Item icon={Package} label={t("plan")} testId="subscription-plan">
            {plan.name}
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {formatBRL(plan.value)} · {t(`recurrence.${recurrence}`)}
            </span>
          </Item>
          <Item icon={CalendarCheck} label={t("activeUntil")} testId="subscription-due-date">
            {dueDate ? formatDayBr(lastActiveDay(dueDate)) : <span className="text-muted-foreground">{t("noDueDate")}</span>}
          </Item>
        </section>
      </div>
      {checkout > 0 && <CheckoutDialog key={checkout} companyId={companyId} target={null} currentPlan={plan} onClose={() => setCheckout(0)} />}
    </div>
  );
}
