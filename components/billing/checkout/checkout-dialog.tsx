"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { cn } from "@/lib/utils";
import { buildSubscriptionPayload } from "@/lib/subscription/build-payload";
import { checkoutAddressSchema, type CheckoutAddress, type CheckoutAddressInput } from "@/lib/subscription/schemas";
import type { CheckoutPlan, CheckoutTarget, PaymentEvent, PixCharge } from "../billing-types";
import { AddressStep } from "./address-step";
import { CheckoutStepper } from "./checkout-stepper";
import { PaidScreen } from "./paid-screen";
import { PixScreen } from "./pix-screen";
import { PlanStep } from "./plan-step";
import { ReviewStep } from "./review-step";
import { useCheckoutPlans } from "./use-checkout-plans";

const REDIRECT_AFTER_PAID_MS = 4000; // spec admin §9: post-payment redirect 4 s

type Stage = { step: 0 | 1 | 2 } | { step: "pix"; charge: PixCharge } | { step: "paid"; dueDate: string | null };

type Props = {
  companyId: number;
  /** the invoice whose Pay was clicked; null: subscribe (the server uses the open invoice or makes one) */
  target: CheckoutTarget;
  /** the company's own plan, offered beside the public ones */
  currentPlan: CheckoutPlan;
  onClose: () => void;
};

const EMPTY: CheckoutAddressInput = {
  firstName: "", lastName: "", address2: "", city: "", state: "", zipcode: "", country: "", useAddressForPaymentDetails: false,
};

/** The checkout (spec admin §2.6, §4): Dados, Personalizar, Revisar, the Pix screen, the paid screen, then /. */
export function CheckoutDialog({ companyId, target, currentPlan, onClose }: Props) {
  const t = useTranslations("billing.checkout");
  const common = useTranslations("common");
  const billing = useTranslations("billing");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ step: 0 });
  const [address, setAddress] = useState<CheckoutAddress | null>(null);
  const [planId, setPlanId] = useState<number | null>(target ? target.planId : currentPlan.id);
  const [pending, setPending] = useState(false);
  const form = useForm<CheckoutAddressInput, unknown, CheckoutAddress>({ resolver: zodResolver(checkoutAddressSchema), defaultValues: EMPTY });
  const plans = useCheckoutPlans([currentPlan], () => toast({ variant: "error", title: billing("loadError") }));
  const plan = plans?.find((p) => p.id === planId) ?? null;

  const paid = (dueDate: string | null) => setStage((s) => (s.step === "paid" ? s : { step: "paid", dueDate }));
  useRealtimeEvent<PaymentEvent>(channels.admins(companyId), EVENTS.payment, (e) => {
    if (stage.step === "pix" && e.invoiceId === stage.charge.invoiceId) paid(e.company?.dueDate ?? null);
  });

  const isPaid = stage.step === "paid";
  const paidDue = isPaid ? stage.dueDate : null;
  useEffect(() => {
    if (!isPaid) return;
    // the session data the login keeps (spec core: companyDueDate) follows the renewal
    if (paidDue) localStorage.setItem("companyDueDate", paidDue);
    const id = setTimeout(() => {
      router.replace("/");
      router.refresh(); // the shell's "Ativo até" is rendered by the layout: read it again
    }, REDIRECT_AFTER_PAID_MS);
    return () => clearTimeout(id);
  }, [isPaid, paidDue, router]);

  const pay = async () => {
    if (!address || !plan) return;
    setPending(true);
    try {
      const charge = await api<PixCharge>("/api/subscription", { method: "POST", json: buildSubscriptionPayload(address, plan, target?.invoiceId) });
      toast({ variant: "success", title: t("subscribed") });
      setStage({ step: "pix", charge });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setPending(false);
    }
  };

  const close = () => {
    if (pending) return;
    if (isPaid) router.replace("/");
    onClose();
  };

  const steps = [t("steps.data"), t("steps.customize"), t("steps.review")];
  const inSteps = typeof stage.step === "number";
  const title = stage.step === "pix" ? billing("pix.title") : isPaid ? billing("paid.heading") : t("title");
  return (
    <Dialog open onOpenChange={(o) => !o && close()}>
      <DialogContent
        className={cn(isPaid ? "sm:max-w-lg" : stage.step === "pix" ? "sm:max-w-3xl" : "sm:max-w-4xl")}
        closeLabel={common("close")}
        data-testid="checkout-dialog"
        onInteractOutside={(e) => e.preventDefault()}
      >
        {/* the paid screen says it in large; its title stays for screen readers */}
        <DialogHeader className={isPaid ? "sr-only" : undefined}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {stage.step === "pix" ? billing("pix.description") : isPaid ? billing("paid.title") : t("description")}
          </DialogDescription>
        </DialogHeader>
        {inSteps && <CheckoutStepper steps={steps} active={stage.step as number} />}
        {stage.step === 0 && (
          <AddressStep
            form={form}
            onCancel={close}
            onNext={(values) => {
              setAddress(values);
              setStage({ step: 1 });
            }}
          />
        )}
        {stage.step === 1 && (
          <PlanStep
            plans={plans}
            selectedId={plan?.id ?? null}
            currentId={currentPlan.id}
            onSelect={(p) => {
              setPlanId(p.id);
              setStage({ step: 2 });
            }}
            onBack={() => setStage({ step: 0 })}
            onNext={() => plan && setStage({ step: 2 })}
          />
        )}
        {stage.step === 2 && address && plan && (
          <ReviewStep
            address={address}
            plan={plan}
            invoiceId={target?.invoiceId ?? null}
            amount={target && target.planId === plan.id ? target.value : plan.value}
            pending={pending}
            onBack={() => setStage({ step: 1 })}
            onPay={pay}
          />
        )}
        {stage.step === "pix" && <PixScreen charge={stage.charge} onPaid={paid} />}
        {isPaid && <PaidScreen dueDate={paidDue} />}
      </DialogContent>
    </Dialog>
  );
}
