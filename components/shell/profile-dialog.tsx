"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { profileSchema } from "@/lib/users/schemas";
import type { ShellUser } from "./shell-types";

type Values = z.input<typeof profileSchema>;

const SUBMIT_DELAY_MS = 400; // spec: modal submit delay

/** Own name, email and password (the full user modal comes with the users page). */
export function ProfileDialog({ user, open, onOpenChange }: { user: ShellUser; open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const form = useForm<Values>({
    resolver: zodResolver(profileSchema),
    values: { name: user.name, email: user.email, password: "" },
  });
  const onSubmit = async (values: Values) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      await api(`/api/users/${user.id}`, { method: "PUT", json: values });
      toast({ variant: "success", title: t("profile.saved") });
      onOpenChange(false);
      router.refresh();
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };
  const field = (name: keyof Values, type: string, hint?: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{t(`profile.${name}`)}</FormLabel>
          <FormControl>
            <Input type={type} autoComplete={name === "password" ? "new-password" : undefined} {...f} value={f.value ?? ""} />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="profile-dialog">
        <DialogHeader>
          <DialogTitle>{t("profile.title")}</DialogTitle>
          <DialogDescription>{user.email}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
            {field("name", "text")}
            {field("email", "email")}
            {field("password", "password", t("profile.passwordHint"))}
            <FormFooter pending={form.formState.isSubmitting} submitLabel={t("common.save")} onCancel={() => onOpenChange(false)} cancelWhilePending />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
