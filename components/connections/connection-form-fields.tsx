"use client";

import { useTranslations } from "next-intl";
import type { Control, FieldPath } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ConnectionFormValues } from "@/lib/connections/schemas";

/** The dialog's values as the inputs hold them (numbers may be text while typed). */
export type FormValues = {
  [K in keyof ConnectionFormValues]: ConnectionFormValues[K] extends number | null ? number | string | null : ConnectionFormValues[K];
};

type FieldProps = { control: Control<FormValues>; name: FieldPath<FormValues>; hint?: string; className?: string };

/** A labelled text area of the connection form (the bot's messages). */
export function MessageField({ control, name, hint, className }: FieldProps) {
  const t = useTranslations("connections.form");
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{t(name)}</FormLabel>
          <FormControl>
            <Textarea rows={2} {...field} value={String(field.value ?? "")} data-testid={`field-${name}`} />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A labelled whole-number input; the label names the unit. */
export function NumberField({ control, name, hint, className }: FieldProps) {
  const t = useTranslations("connections.form");
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{t(name)}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...field}
              value={field.value === null || field.value === undefined ? "" : String(field.value)}
              data-testid={`field-${name}`}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A titled group of fields. */
export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-4 pt-1">
      <h3 className="flex items-center gap-3 text-sm font-semibold text-muted-foreground">
        {title}
        <span className="h-px flex-1 bg-border" aria-hidden />
      </h3>
      {children}
    </section>
  );
}
