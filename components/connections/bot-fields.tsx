"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { Control } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { api } from "@/lib/api/client";
import type { FormValues } from "./connection-form-fields";

const NONE = "none";
type Option = { id: number; name: string; type?: string };

/**
 * A list of the company's prompts or integrations for the dialog's selects (first pages: a company
 * has a handful). A plan without the area (useOpenAi, useIntegrations) answers 403: no options,
 * and the select offers only "none" (or the connection's current one, kept by id).
 */
function useOptions(url: string, key: "prompts" | "queueIntegrations"): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    api<Record<string, Option[]>>(url)
      .then((page) => live && setOptions(page[key] ?? []))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [url, key]);
  return options;
}

/**
 * admin §2.2: the connection's prompt and integration, the default bot of its queues that have none
 * of their own (lib/chatbot/enter-queue.ts); the integration is asked first when both are set.
 */
export function BotFields({ control }: { control: Control<FormValues> }) {
  const t = useTranslations("connections.form");
  const prompts = useOptions("/api/prompt?pageNumber=1", "prompts");
  const integrations = useOptions("/api/queueIntegration?pageNumber=1", "queueIntegrations");
  const field = (name: "promptId" | "integrationId", options: Option[], none: string) => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value = field.value ? String(field.value) : NONE;
        const known = value === NONE || options.some((o) => String(o.id) === value);
        return (
          <FormItem className="content-start">
            <FormLabel>{t(name)}</FormLabel>
            <Select value={value} onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}>
              <FormControl>
                <SelectTrigger data-testid={`field-${name}`}>
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                <SelectItem value={NONE}>{none}</SelectItem>
                {!known && <SelectItem value={value}>#{value}</SelectItem>}
                {options.map((o) => (
                  <SelectItem key={o.id} value={String(o.id)}>
                    {o.type ? `${o.name} (${o.type})` : o.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
  return (
    <div className="space-y-2">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("promptId", prompts, t("noPrompt"))}
        {field("integrationId", integrations, t("noIntegration"))}
      </div>
      <p className="text-sm text-muted-foreground" data-testid="bot-fields-hint">
        {t("botHint")}
      </p>
    </div>
  );
}
