"use client";

import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { CampaignSettingsFormInput, CampaignSettingsFormValues } from "@/lib/campaign-settings/schemas";

type Props = {
  control: Control<CampaignSettingsFormInput, unknown, CampaignSettingsFormValues>;
  name: "messageInterval" | "longerIntervalAfter" | "greaterInterval";
  choices: readonly number[];
};

/** One of the three interval selects of /campaigns-config, values in seconds (0: none). */
export function IntervalSelect({ control, name, choices }: Props) {
  const t = useTranslations("campaignSettings");
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t(`fields.${name}`)}</FormLabel>
          <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
            <FormControl>
              <SelectTrigger className="w-full" data-testid={`field-${name}`}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {choices.map((n) => (
                <SelectItem key={n} value={String(n)} data-testid={`${name}-option-${n}`}>
                  {n === 0 ? t("noInterval") : t("seconds", { count: n })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormDescription>{t(`hints.${name}`)}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
