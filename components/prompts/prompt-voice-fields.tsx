"use client";

import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { VOICES, type PromptFormInput } from "@/lib/prompts/schemas";
import { SecretKeyField } from "./secret-key-field";

type Props = { control: Control<PromptFormInput>; voiceKey: { set: boolean; hint: string } };

// "pt-BR-FranciscaNeural" reads "Francisca (pt-BR)"
const voiceLabel = (v: string) => `${v.replace(/^[a-z]{2}-[A-Z]{2}-/, "").replace(/Neural$/, "")} (${v.slice(0, 5)})`;

/** Text or an Azure neural voice, with the Azure Speech key and region. */
export function PromptVoiceFields({ control, voiceKey }: Props) {
  const t = useTranslations("prompts.dialog");
  return (
    <fieldset className="space-y-3 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-muted-foreground">{t("voiceSection")}</legend>
      <p className="text-sm text-muted-foreground">{t("voiceHint")}</p>
      <div className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <FormField
          control={control}
          name="voice"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("voice")}</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full" data-testid="field-voice">
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {VOICES.map((v) => (
                    <SelectItem key={v} value={v} data-testid={`voice-option-${v}`}>
                      {v === "texto" ? t("voiceText") : voiceLabel(v)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <SecretKeyField control={control} name="voiceKey" label={t("voiceKey")} stored={voiceKey} />
        <FormField
          control={control}
          name="voiceRegion"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("voiceRegion")}</FormLabel>
              <FormControl>
                <Input placeholder="brazilsouth" maxLength={40} autoComplete="off" spellCheck={false} {...field} data-testid="field-voiceRegion" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
    </fieldset>
  );
}
