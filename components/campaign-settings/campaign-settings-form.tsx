"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { LONGER_INTERVALS, MESSAGE_INTERVALS, type CampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { campaignSettingsFormSchema, type CampaignSettingsFormInput, type CampaignSettingsFormValues } from "@/lib/campaign-settings/schemas";
import { IntervalSelect } from "./interval-select";
import { VariablesTable } from "./variables-table";

/** /campaigns-config (admin §2.7, §9): the three intervals and the custom variables, saved together. */
export function CampaignSettingsForm({ initial }: { initial: CampaignSettings }) {
  const t = useTranslations("campaignSettings");
  const errorMessage = useErrorMessage();
  const form = useForm<CampaignSettingsFormInput, unknown, CampaignSettingsFormValues>({
    resolver: zodResolver(campaignSettingsFormSchema) as unknown as Resolver<CampaignSettingsFormInput, unknown, CampaignSettingsFormValues>,
    defaultValues: initial,
  });

  const onSubmit = async (settings: CampaignSettingsFormValues) => {
    try {
      const saved = await api<CampaignSettings>("/api/campaign-settings", { method: "POST", json: { settings } });
      form.reset(saved);
      toast({ variant: "success", title: t("toasts.saved") });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate data-testid="campaign-settings-form">
        <Card>
          <CardHeader>
            <CardTitle>{t("intervals.title")}</CardTitle>
            <CardDescription>{t("intervals.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 md:grid-cols-3 md:items-start">
            <IntervalSelect control={form.control} name="messageInterval" choices={MESSAGE_INTERVALS} />
            <IntervalSelect control={form.control} name="longerIntervalAfter" choices={LONGER_INTERVALS} />
            <IntervalSelect control={form.control} name="greaterInterval" choices={LONGER_INTERVALS} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("variables.title")}</CardTitle>
            <CardDescription>{t("variables.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <VariablesTable control={form.control} />
          </CardContent>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="save-campaign-settings">
            {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
            {t("save")}
          </Button>
        </div>
      </form>
    </Form>
  );
}
