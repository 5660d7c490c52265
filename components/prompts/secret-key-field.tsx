"use client";

import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { PromptFormInput } from "@/lib/prompts/schemas";

type Props = {
  control: Control<PromptFormInput>;
  name: "apiKey" | "voiceKey";
  label: string;
  /** the stored key's state: left blank, the stored key is kept */
  stored: { set: boolean; hint: string };
  description?: string;
};

/** A key as a password input: never filled from the server; a stored key shows as "Stored (••••abcd)". */
export function SecretKeyField({ control, name, label, stored, description }: Props) {
  const t = useTranslations("prompts.dialog");
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <div className="flex h-3.5 items-center gap-2">
            <FormLabel>{label}</FormLabel>
            {stored.set && (
              <Badge variant="secondary" className="h-5 gap-1 py-0" data-testid={`${name}-stored`}>
                <KeyRound className="size-3" aria-hidden />
                {t("keyStored")}
              </Badge>
            )}
          </div>
          <FormControl>
            <Input
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              maxLength={500}
              placeholder={stored.set ? stored.hint : t("keyPlaceholder")}
              {...field}
              data-testid={`field-${name}`}
            />
          </FormControl>
          {stored.set && <FormDescription>{t("keyKeep")}</FormDescription>}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
