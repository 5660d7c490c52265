"use client";

import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { HANDOFF_MARKER } from "@/lib/bots/providers/openai/handoff";
import type { PromptFormInput } from "@/lib/prompts/schemas";
import type { QueueOption } from "./prompt-types";

/** Name, queue ('Informe o setor' without one) and the prompt text with the hand-off hint. */
export function PromptMainFields({ control, queues }: { control: Control<PromptFormInput>; queues: QueueOption[] }) {
  const t = useTranslations("prompts.dialog");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField
          control={control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("name")}</FormLabel>
              <FormControl>
                <Input autoFocus maxLength={100} autoComplete="off" {...field} data-testid="field-name" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="queueId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("queue")}</FormLabel>
              <Select value={field.value === "" ? "" : String(field.value)} onValueChange={(v) => field.onChange(v ? Number(v) : "")}>
                <FormControl>
                  <SelectTrigger className="w-full" data-testid="field-queueId" onBlur={field.onBlur}>
                    <SelectValue placeholder={t("queuePlaceholder")} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {queues.map((q) => (
                    <SelectItem key={q.id} value={String(q.id)} data-testid={`queue-option-${q.id}`}>
                      <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
                      {q.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
              <FormDescription className="text-xs">{t("queueTakesOver")}</FormDescription>
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name="prompt"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("prompt")}</FormLabel>
            <FormControl>
              <Textarea rows={6} maxLength={20000} className="max-h-[40vh]" {...field} data-testid="field-prompt" />
            </FormControl>
            <FormDescription>
              {t.rich("promptHint", {
                marker: HANDOFF_MARKER,
                code: (chunks) => <code className="rounded bg-muted px-1 py-0.5 text-xs font-semibold text-foreground">{chunks}</code>,
              })}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
