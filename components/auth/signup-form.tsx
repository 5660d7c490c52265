"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { AuthFormFooter } from "./auth-form-footer";
import { signupSchema } from "@/lib/companies/schemas";

type Plan = { id: number; name: string; users: number; connections: number; queues: number; value: number };
type Values = z.input<typeof signupSchema>;

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

export function SignupForm({ plans }: { plans: Plan[] }) {
  const t = useTranslations("signup");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const form = useForm<Values>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: "", email: "", phone: "", password: "", planId: "" as unknown as number },
  });

  const onSubmit = async (values: Values) => {
    try {
      // spec: recurrence MENSAL, 3-day trial, campaigns on — the server sets them itself
      await api("/api/companies/cadastro", { method: "POST", json: values });
      toast({ variant: "success", title: t("success") });
      router.push("/login");
    } catch (err) {
      toast({ variant: "error", title: t("failure"), description: errorMessage(err) });
    }
  };

  const text = (name: "name" | "email" | "password", type: string, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(name)}</FormLabel>
          <FormControl>
            <Input type={type} autoComplete={autoComplete} {...field} value={String(field.value ?? "")} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="signup-form">
        {text("name", "text", "organization")}
        {text("email", "email", "email")}
        <FormField
          control={form.control}
          name="phone"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("phone")}</FormLabel>
              <FormControl>
                <Input
                  inputMode="numeric"
                  autoComplete="tel"
                  {...field}
                  // spec: the phone input strips non-digits
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ""))}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {text("password", "password", "new-password")}
        <FormField
          control={form.control}
          name="planId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("plan")}</FormLabel>
              <Select value={field.value ? String(field.value) : ""} onValueChange={(v) => field.onChange(Number(v))}>
                <FormControl>
                  <SelectTrigger className="w-full" data-testid="plan-select">
                    <SelectValue placeholder={t("planPlaceholder")} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {plans.map((p) => (
                    <SelectItem key={p.id} value={String(p.id)}>
                      {t("planOption", { ...p, value: brl.format(p.value) })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <AuthFormFooter
          submitting={form.formState.isSubmitting}
          submitLabel={t("submit")}
          href="/login"
          linkLabel={t("login")}
        />
      </form>
    </Form>
  );
}
