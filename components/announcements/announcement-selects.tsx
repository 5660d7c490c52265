"use client";

import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { AnnouncementFormValues } from "@/lib/announcements/schemas";
import { cn } from "@/lib/utils";
import { priorityStyle } from "./announcement-types";

const PRIORITIES = ["1", "2", "3"] as const; // admin §9: 1 Alta, 2 Média, 3 Baixa
const STATUSES = ["true", "false"] as const;

/** The dialog's priority (with its colour) and status selects, side by side on wide screens. */
export function AnnouncementSelects({ control }: { control: Control<AnnouncementFormValues> }) {
  const t = useTranslations("announcements");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        control={control}
        name="priority"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("dialog.priority")}</FormLabel>
            <Select value={field.value} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger className="w-full" data-testid="field-priority">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {PRIORITIES.map((p) => (
                  <SelectItem key={p} value={p} data-testid={`priority-option-${p}`}>
                    <span className={cn("size-2.5 shrink-0 rounded-full", priorityStyle(Number(p)).dot)} aria-hidden />
                    {t(`priorities.${p}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="status"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("dialog.status")}</FormLabel>
            <Select value={field.value} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger className="w-full" data-testid="field-status">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {STATUSES.map((s) => (
                  <SelectItem key={s} value={s} data-testid={`status-option-${s}`}>
                    {t(`statuses.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
