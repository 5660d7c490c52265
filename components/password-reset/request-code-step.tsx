"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthFormFooter } from "@/components/auth/auth-form-footer";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { requestCodeForm } from "@/lib/password-reset/schemas";
import { sendResetCode } from "./send-code";

type Values = z.infer<typeof requestCodeForm>;
type Props = { defaultEmail: string; companyId?: number; onSent: (email: string) => void; onHaveCode: (email: string) => void };

/** Step 1: the account's email; a code is mailed to it. */
export function RequestCodeStep({ defaultEmail, companyId, onSent, onHaveCode }: Props) {
  const t = useTranslations("passwordReset");
  const errorMessage = useErrorMessage();
  const form = useForm<Values>({ resolver: zodResolver(requestCodeForm), defaultValues: { email: defaultEmail } });

  const onSubmit = async ({ email }: Values) => {
    try {
      if ((await sendResetCode(email, companyId)) === "notFound") {
        toast({ variant: "error", title: t("emailNotFound") }); // spec: 404 -> 'Email não encontrado'
        return;
      }
      toast({ variant: "success", title: t("emailSent") });
      onSent(email);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  // "I already have a code": step 2 for the typed email, once it is a valid one
  const haveCode = form.handleSubmit(({ email }) => onHaveCode(email));

  return (
    <Form {...form}>
      <p className="mb-6 text-sm text-muted-foreground">{t("requestSubtitle")}</p>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="reset-request-form">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("email")}</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" autoFocus {...field} data-testid="reset-email" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <AuthFormFooter submitting={form.formState.isSubmitting} submitLabel={t("sendCode")} href="/login" linkLabel={t("backToLogin")} />
        <p className="text-center text-sm">
          <button type="button" onClick={haveCode} className="text-muted-foreground hover:text-primary hover:underline" data-testid="reset-have-code">
            {t("haveCode")}
          </button>
        </p>
      </form>
    </Form>
  );
}
