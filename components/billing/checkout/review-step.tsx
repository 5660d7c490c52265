"use client";

import { Loader2, QrCode } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Separator } from "@/components/ui/separator";
import { formatBRL } from "@/lib/plans/money";
import { COUNTRIES, type CheckoutAddress } from "@/lib/subscription/schemas";
import type { CheckoutPlan } from "../billing-types";

type Props = {
  address: CheckoutAddress;
  plan: CheckoutPlan;
  /** the invoice being paid, when the checkout was opened from its row */
  invoiceId: number | null;
  /** what the charge will be: the invoice's value, else the plan's (the server decides, from its rows) */
  amount: number;
  pending: boolean;
  onBack: () => void;
  onPay: () => void;
};

function Line({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Checkout step 3 (Revisar): what is bought and for whom, then PAGAR (spec admin §2.6). */
export function ReviewStep({ address, plan, invoiceId, amount, pending, onBack, onPay }: Props) {
  const t = useTranslations("billing.checkout");
  const country = COUNTRIES.find((c) => c.code === address.country)?.label ?? address.country;
  const place = [address.city, address.state].filter(Boolean).join(" - ");
  return (
    <div className="space-y-5" data-testid="checkout-review">
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-xl border p-4">
          <h3 className="mb-3 text-sm font-semibold">{t("review.plan")}</h3>
          <dl className="space-y-2">
            <Line label={t("review.planName")} testId="review-plan">
              {plan.name}
            </Line>
            <Line label={t("review.users")}>{plan.users}</Line>
            <Line label={t("review.connections")}>{plan.connections}</Line>
            <Line label={t("review.queues")}>{plan.queues}</Line>
            {invoiceId && <Line label={t("review.invoice")}>#{invoiceId}</Line>}
          </dl>
        </section>
        <section className="rounded-xl border p-4">
          <h3 className="mb-3 text-sm font-semibold">{t("review.billing")}</h3>
          <address className="space-y-0.5 text-sm not-italic" data-testid="review-address">
            <p className="font-medium">{[address.firstName, address.lastName].filter(Boolean).join(" ")}</p>
            <p>{address.address2}</p>
            <p>{place}</p>
            <p>
              {address.zipcode} · {country}
            </p>
          </address>
        </section>
      </div>
      <Separator />
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-muted-foreground">{t("review.total")}</span>
        <span className="text-2xl font-semibold tracking-tight" data-testid="review-total">
          {formatBRL(amount)}
        </span>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={pending} data-testid="checkout-back">
          {t("back")}
        </Button>
        <Button type="button" onClick={onPay} disabled={pending} data-testid="checkout-pay">
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <QrCode aria-hidden />}
          {t("pay")}
        </Button>
      </DialogFooter>
    </div>
  );
}
