"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Info } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthFormFooter } from "@/components/auth/auth-form-footer";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { newPasswordForm } from "@/lib/password-reset/schemas";
import { sendResetCode } from "./send-code";

type Values = z.infer<typeof newPasswordForm>;
type Props = { email: string; defaultToken: string; companyId?: number; sandboxMailbox: boolean; onOtherEmail: () => void };

/** Step 2: the mailed code, the new password and its confirmation; success goes to /login. */
export function NewPasswordStep({ email, defaultToken, companyId, sandboxMailbox, onOtherEmail }: Props) {
  const t = useTranslations("passwordReset");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const [resending, setResending] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { email, token: defaultToken, password: "", confirmPassword: "" },
  });

  const onSubmit = async ({ token, password }: Values) => {
    try {
      await api("/api/resetpasswords", { method: "POST", json: { email, token, password } });
      toast({ variant: "success", title: t("success") });
      router.push("/login");
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const sent = await sendResetCode(email, companyId);
      toast(sent === "sent" ? { variant: "success", title: t("emailSent") } : { variant: "error", title: t("emailNotFound") });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setResending(false);
    }
  };

  const text = (name: "token" | "password" | "confirmPassword", type: string, autoComplete: string, extra?: React.ReactNode) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(name)}</FormLabel>
          <FormControl>
            <Input
              type={type}
              autoComplete={autoComplete}
              {...field}
              {...(name === "token" ? { placeholder: t("tokenPlaceholder"), className: "font-mono tracking-widest uppercase" } : {})}
              // the mail's link fills the code in: the new password is what is left to type
              autoFocus={name === "token" ? !defaultToken : name === "password" && Boolean(defaultToken)}
              data-testid={`reset-${name}`}
            />
          </FormControl>
          {extra}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <p className="mb-6 text-sm text-muted-foreground">
        {t.rich("resetSubtitle", { email, strong: (chunks) => <strong className="font-medium text-foreground break-all">{chunks}</strong> })}
      </p>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="reset-password-form">
        {text("token", "text", "one-time-code")}
        {text("password", "password", "new-password", <FormDescription>{t("passwordHint")}</FormDescription>)}
        {text("confirmPassword", "password", "new-password")}
        <AuthFormFooter submitting={form.formState.isSubmitting} submitLabel={t("reset")} href="/login" linkLabel={t("backToLogin")} />
      </form>
      <div className="mt-3 flex justify-between gap-3 text-sm">
        <button type="button" onClick={onOtherEmail} className="text-muted-foreground hover:text-primary hover:underline">
          {t("otherEmail")}
        </button>
        <button type="button" onClick={resend} disabled={resending} className="text-muted-foreground hover:text-primary hover:underline disabled:opacity-50" data-testid="reset-resend">
          {t("resend")}
        </button>
      </div>
      {sandboxMailbox && (
        <p className="mt-6 flex gap-2 rounded-lg border border-dashed bg-muted/40 p-3 text-xs text-muted-foreground" data-testid="reset-sandbox-hint">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t("sandboxHint")}</span>
        </p>
      )}
    </Form>
  );
}
