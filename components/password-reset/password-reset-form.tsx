"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { requestCodeForm } from "@/lib/password-reset/schemas";
import { NewPasswordStep } from "./new-password-step";
import { RequestCodeStep } from "./request-code-step";

type Props = { initialEmail: string; initialToken: string; companyId?: number; sandboxMailbox: boolean };

/** The two steps of /forgetpsw: the email (a code is mailed), then the code and the new password. */
export function PasswordResetForm({ initialEmail, initialToken, companyId, sandboxMailbox }: Props) {
  const t = useTranslations("passwordReset");
  const [email, setEmail] = useState(initialEmail);
  const [step, setStep] = useState<1 | 2>(initialToken && requestCodeForm.safeParse({ email: initialEmail }).success ? 2 : 1);

  // the mail's link carries the code: keep it out of the address bar (history, screen shares)
  useEffect(() => {
    if (!initialToken) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
  }, [initialToken]);

  return (
    <div data-testid="password-reset" data-step={step}>
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <StepDots step={step} />
      {step === 1 ? (
        <RequestCodeStep
          defaultEmail={email}
          companyId={companyId}
          onSent={(sent) => {
            setEmail(sent);
            setStep(2);
          }}
          onHaveCode={(typed) => {
            setEmail(typed);
            setStep(2);
          }}
        />
      ) : (
        <NewPasswordStep email={email} defaultToken={initialToken} companyId={companyId} sandboxMailbox={sandboxMailbox} onOtherEmail={() => setStep(1)} />
      )}
    </div>
  );
}

function StepDots({ step }: { step: 1 | 2 }) {
  const t = useTranslations("passwordReset");
  return (
    <ol className="mt-3 mb-6 flex items-center gap-2 text-xs font-medium text-muted-foreground" aria-label={t("stepOf", { step, total: 2 })}>
      {[1, 2].map((n) => (
        <li key={n} className="flex items-center gap-2">
          <span
            className={`flex size-6 items-center justify-center rounded-full border ${n <= step ? "border-primary bg-primary text-primary-foreground" : "border-border"}`}
          >
            {n}
          </span>
          <span className={n === step ? "text-foreground" : undefined}>{t(n === 1 ? "stepEmail" : "stepCode")}</span>
          {n === 1 && <span className="mx-1 h-px w-6 bg-border" aria-hidden />}
        </li>
      ))}
    </ol>
  );
}
