"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { CAMPAIGN_MESSAGE_MAX, VARIANTS } from "@/lib/campaigns/schemas";
import { cn } from "@/lib/utils";

type Props = {
  /** "message" or "confirmationMessage": the five fields message1..5 or confirmationMessage1..5 */
  prefix: "message" | "confirmationMessage";
  /** the label of variant n */
  label: (n: number) => string;
  readOnly: boolean;
  /** the textarea last focused, where a variable chip inserts its text */
  onFocusField: (name: string, el: HTMLTextAreaElement) => void;
};

/** Five variants as tabs; a dot marks the filled ones, and an error on variant 1 opens it. */
export function MessageVariants({ prefix, label, readOnly, onFocusField }: Props) {
  const t = useTranslations("campaigns.dialog");
  const { control, formState } = useFormContext();
  const values = useWatch({ control, name: VARIANTS.map((n) => `${prefix}${n}`) }) as string[];
  const [tab, setTab] = useState("1");
  const firstError = Boolean(formState.errors[`${prefix}1`]);
  const current = firstError ? "1" : tab;
  return (
    <Tabs value={current} onValueChange={setTab} data-testid={`${prefix}-variants`}>
      <TabsList className="w-full">
        {VARIANTS.map((n, i) => (
          <TabsTrigger key={n} value={String(n)} className={cn("gap-1.5", n === 1 && firstError && "text-destructive")} data-testid={`${prefix}-tab-${n}`}>
            {n}
            {values[i]?.trim() && <span className="size-1.5 rounded-full bg-primary" aria-label={t("filled")} />}
          </TabsTrigger>
        ))}
      </TabsList>
      {VARIANTS.map((n) => (
        <TabsContent key={n} value={String(n)} forceMount hidden={current !== String(n)}>
          <FormField
            control={control}
            name={`${prefix}${n}`}
            render={({ field }) => (
              <FormItem>
                <FormControl>
                  <Textarea
                    rows={5}
                    maxLength={CAMPAIGN_MESSAGE_MAX}
                    aria-label={label(n)}
                    placeholder={label(n)}
                    readOnly={readOnly}
                    className="max-h-64 resize-y"
                    {...field}
                    onFocus={(e) => onFocusField(field.name, e.currentTarget)}
                    data-testid={`field-${prefix}${n}`}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
