"use client";

import type { Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { IntegrationFormInput } from "@/lib/queue-integrations/schemas";

type Name = "name" | "projectName" | "urlN8N" | "typebotSlug" | "typebotExpires" | "typebotDelayMessage" | "typebotKeywordFinish" | "typebotKeywordRestart" | "typebotRestartMessage" | "typebotUnknownMessage" | "jsonContent";

type Props = {
  control: Control<IntegrationFormInput, unknown, unknown>;
  name: Name;
  label: string;
  hint?: string;
  type?: "text" | "number" | "url";
  multiline?: number;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  autoFocus?: boolean;
};

/** One labelled input of the integration dialog (data-testid `field-<name>`). */
export function TextField({ control, name, label, hint, type = "text", multiline, placeholder, maxLength, className, autoFocus }: Props) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {multiline ? (
              <Textarea rows={multiline} placeholder={placeholder} maxLength={maxLength} {...field} value={String(field.value ?? "")} data-testid={`field-${name}`} />
            ) : (
              <Input
                type={type}
                inputMode={type === "number" ? "numeric" : undefined}
                autoComplete="off"
                autoFocus={autoFocus}
                placeholder={placeholder}
                maxLength={maxLength}
                {...field}
                value={String(field.value ?? "")}
                data-testid={`field-${name}`}
              />
            )}
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
