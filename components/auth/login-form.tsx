"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { AuthFormFooter } from "./auth-form-footer";
import { daysUntilDue } from "@/lib/companies/due-date";
import { V } from "@/lib/validation/messages";
import { queueFlashToast } from "@/components/shell/flash-toast";
import { rememberSession, type LoginAnswer } from "./remember-session";

const schema = z.object({
  email: z.string().trim().min(1, V.required).email(V.invalidEmail),
  password: z.string().min(1, V.required),
});

export function LoginForm() {
  const t = useTranslations("login");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });

  const onSubmit = async (values: z.infer<typeof schema>) => {
    try {
      const answer = await api<LoginAnswer>("/api/auth/login", { method: "POST", json: values });
      rememberSession(answer);
      const due = answer.user.company.dueDate;
      if (due) {
        // days until the due date, the first day login is refused (lib/companies/due-date.ts)
        const days = daysUntilDue(due, answer.user.company.timezone);
        // spec: fewer than 5 days left shows a warning toast
        if (days < 5) queueFlashToast({ variant: "warning", title: t("dueSoon", { days }), duration: 8000 });
      }
      router.replace("/tickets"); // spec: login leads to /tickets
      router.refresh();
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="login-form">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("email")}</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" autoFocus {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between">
                <FormLabel>{t("password")}</FormLabel>
                <Link href="/forgetpsw" className="text-sm text-muted-foreground hover:text-primary hover:underline">
                  {t("forgot")}
                </Link>
              </div>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <AuthFormFooter
          submitting={form.formState.isSubmitting}
          submitLabel={t("submit")}
          href="/signup"
          linkLabel={t("signup")}
        />
      </form>
    </Form>
  );
}
