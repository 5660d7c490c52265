"use client";

import { Moon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFormContext, useWatch } from "react-hook-form";
import { FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { isClosedDay, maskTime } from "@/lib/queues/schedules";
import type { QueueFormFields } from "./queue-form-types";

/** "Horários de Atendimento" (admin §2.3): the seven days, each with a start and an end in HH:MM. */
export function ScheduleFields() {
  const t = useTranslations("queues");
  const { control } = useFormContext<QueueFormFields>();
  const schedules = useWatch({ control, name: "schedules" });
  return (
    <div className="space-y-3" data-testid="queue-schedules">
      <p className="text-sm text-muted-foreground">{t("hours.description")}</p>
      <div className="divide-y rounded-lg border">
        <div className="grid grid-cols-[minmax(0,1fr)_5.25rem_5.25rem] gap-2 bg-muted/40 px-3 py-2 text-xs font-medium text-muted-foreground sm:grid-cols-[1fr_7rem_7rem] sm:gap-3">
          <span>{t("hours.weekday")}</span>
          <span>{t("hours.start")}</span>
          <span>{t("hours.end")}</span>
        </div>
        {schedules.map((day, i) => (
          <div
            key={day.weekdayEn}
            className="grid grid-cols-[minmax(0,1fr)_5.25rem_5.25rem] items-start gap-2 px-3 py-2 sm:grid-cols-[1fr_7rem_7rem] sm:gap-3"
            data-testid={`schedule-${day.weekdayEn}`}
          >
            <div className="flex min-h-9 flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className="text-sm font-medium">{t(`weekdays.${day.weekdayEn}`)}</span>
              {isClosedDay(day) && (
                <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                  <Moon className="size-3" aria-hidden />
                  {t("hours.closed")}
                </span>
              )}
            </div>
            <TimeField index={i} part="startTime" label={`${t(`weekdays.${day.weekdayEn}`)}: ${t("hours.start")}`} />
            <TimeField index={i} part="endTime" label={`${t(`weekdays.${day.weekdayEn}`)}: ${t("hours.end")}`} />
          </div>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t("hours.closedHint")}</p>
    </div>
  );
}

/** A four-digit HH:MM input: digits only, the colon put in as they are typed. */
function TimeField({ index, part, label }: { index: number; part: "startTime" | "endTime"; label: string }) {
  const { control } = useFormContext<QueueFormFields>();
  return (
    <FormField
      control={control}
      name={`schedules.${index}.${part}`}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormControl>
            <Input
              {...field}
              onChange={(e) => field.onChange(maskTime(e.target.value))}
              inputMode="numeric"
              placeholder="00:00"
              maxLength={5}
              autoComplete="off"
              aria-label={label}
              className="px-2 text-center font-mono tabular-nums sm:px-3"
              data-testid={`schedule-${index}-${part}`}
            />
          </FormControl>
          <FormMessage className="text-xs" />
        </FormItem>
      )}
    />
  );
}
