"use client";

import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Slider } from "@/components/ui/slider";
import type { PromptFormInput } from "@/lib/prompts/schemas";
import { SecretKeyField } from "./secret-key-field";

type Props = { control: Control<PromptFormInput>; apiKey: { set: boolean; hint: string } };

/** The model's server and key, and the answer's limits (max tokens, temperature, history). */
export function PromptModelFields({ control, apiKey }: Props) {
  const t = useTranslations("prompts.dialog");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <SecretKeyField control={control} name="apiKey" label={t("apiKey")} stored={apiKey} />
        <FormField
          control={control}
          name="baseUrl"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("baseUrl")}</FormLabel>
              <FormControl>
                <Input type="url" inputMode="url" placeholder="https://api.openai.com/v1" maxLength={500} autoComplete="off" {...field} data-testid="field-baseUrl" />
              </FormControl>
              <FormDescription>{t("baseUrlHint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <FormField
          control={control}
          name="maxTokens"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("maxTokens")}</FormLabel>
              <FormControl>
                <Input type="number" min={1} max={16384} step={1} {...field} value={String(field.value ?? "")} data-testid="field-maxTokens" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="maxMessages"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("maxMessages")}</FormLabel>
              <FormControl>
                <Input type="number" min={1} max={50} step={1} {...field} value={String(field.value ?? "")} data-testid="field-maxMessages" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="temperature"
          render={({ field }) => {
            const value = Number(field.value) || 0;
            return (
              <FormItem>
                <div className="flex h-3.5 items-center justify-between gap-2">
                  <FormLabel>{t("temperature")}</FormLabel>
                  <span className="text-sm tabular-nums text-muted-foreground" data-testid="temperature-value">
                    {value.toFixed(1)}
                  </span>
                </div>
                <FormControl>
                  <Slider
                    className="py-3.5"
                    min={0}
                    max={2}
                    step={0.1}
                    value={[value]}
                    onValueChange={([v]) => field.onChange(Math.round(v * 10) / 10)}
                    thumbLabels={[t("temperature")]}
                    data-testid="field-temperature"
                  />
                </FormControl>
                <FormDescription>{t("temperatureHint")}</FormDescription>
                <FormMessage />
              </FormItem>
            );
          }}
        />
      </div>
    </>
  );
}
