"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock, Eraser, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem } from "@/components/ui/form";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { companySchedulesSchema, type CompanySchedulesInput, type CompanySchedulesValues } from "@/lib/settings/schemas";
import { emptyWeek, fullWeek, usualWeek } from "@/lib/settings/weekdays";
import type { ScheduleEntry } from "./settings-types";
import { TimeInput } from "./time-input";

const SUBMIT_DELAY_MS = 400; // spec §9: form submit delay
type FormValues = { schedules: ScheduleEntry[] };

type Props = {
  companyId: number;
  /** the saved hours, kept current by the page (saves here, realtime updates from others) */
  schedules: ScheduleEntry[];
  canEdit: boolean;
  onSaved: (schedules: ScheduleEntry[]) => void;
};

/** admin §2.4 Schedules: the company's work hours, one row per weekday, starting empty. */
export function SchedulesTab({ companyId, schedules, canEdit, onSaved }: Props) {
  const t = useTranslations("settings.schedules");
  const v = useTranslations("validation");
  const errorMessage = useErrorMessage();
  const form = useForm<FormValues, unknown, CompanySchedulesValues>({
    resolver: zodResolver(companySchedulesSchema) as unknown as Resolver<FormValues, unknown, CompanySchedulesValues>,
    defaultValues: { schedules: fullWeek(schedules) },
  });
  const { control, formState, reset } = form;
  const { isDirty } = formState;
  const rows = useWatch({ control, name: "schedules" });

  // another admin saved: show it, unless this one is in the middle of an edit
  useEffect(() => {
    if (!isDirty) reset({ schedules: fullWeek(schedules) });
    // only a change of the saved hours matters, not the edit state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schedules, reset]);

  const fill = (schedules: ScheduleEntry[]) => {
    form.setValue("schedules", schedules, { shouldDirty: true });
    form.clearErrors();
  };

  const onSubmit = async (values: CompanySchedulesValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await api<{ schedules: ScheduleEntry[] }>(`/api/companies/${companyId}/schedules`, {
        method: "PUT",
        json: { schedules: values.schedules } satisfies CompanySchedulesInput,
      });
      reset({ schedules: fullWeek(saved.schedules) });
      onSaved(saved.schedules);
      toast({ variant: "success", title: t("toasts.saved") });
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as `schedules.${number}.startTime`, { message: i.message }));
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="rounded-xl border bg-card text-card-foreground shadow-xs" data-testid="schedules-form">
        <div className="flex flex-col gap-1 border-b px-5 py-4">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>

        <div className="px-2 py-2 sm:px-3">
          <div aria-hidden className="grid grid-cols-[minmax(0,1fr)_5.5rem_5.5rem] items-center gap-2 px-3 pb-1 text-xs font-medium text-muted-foreground sm:grid-cols-[minmax(0,1fr)_7rem_7rem] sm:gap-4">
            <span>{t("weekday")}</span>
            <span className="text-center">
              {t("startTime")}
            </span>
            <span className="text-center">
              {t("endTime")}
            </span>
          </div>
          {rows.map((row, i) => {
            const day = t(`days.${row.weekdayEn}`);
            const status = !row.startTime && !row.endTime ? "none" : row.startTime === "00:00" && row.endTime === "00:00" ? "closed" : null;
            const rowErrors = formState.errors.schedules?.[i];
            const error = rowErrors?.startTime?.message ?? rowErrors?.endTime?.message ?? rowErrors?.weekdayEn?.message;
            return (
              <div
                key={row.weekdayEn}
                className="grid grid-cols-[minmax(0,1fr)_5.5rem_5.5rem] items-start gap-2 rounded-lg px-3 py-2 odd:bg-muted/40 sm:grid-cols-[minmax(0,1fr)_7rem_7rem] sm:gap-4"
                data-testid={`schedule-row-${row.weekdayEn}`}
              >
                <div className="flex min-h-9 min-w-0 flex-col justify-center">
                  <span className="truncate text-sm font-medium">{day}</span>
                  {status && (
                    <span className="text-xs text-muted-foreground" data-testid={`schedule-status-${row.weekdayEn}`}>
                      {t(`status.${status}`)}
                    </span>
                  )}
                </div>
                {(["startTime", "endTime"] as const).map((name) => (
                  <FormField
                    key={name}
                    control={control}
                    name={`schedules.${i}.${name}`}
                    render={({ field }) => (
                      <FormItem>
                        <FormControl>
                          <TimeInput
                            {...field}
                            value={field.value ?? ""}
                            readOnly={!canEdit}
                            aria-label={`${t(name)} — ${day}`}
                            data-testid={`schedule-${row.weekdayEn}-${name}`}
                          />
                        </FormControl>
                      </FormItem>
                    )}
                  />
                ))}
                {error && (
                  <p role="alert" className="col-span-3 text-xs text-destructive sm:text-right" data-testid={`schedule-error-${row.weekdayEn}`}>
                    {v.has(error) ? v(error) : error}
                  </p>
                )}
              </div>
            );
          })}
        </div>

        {canEdit && (
          <div className="flex flex-col-reverse gap-2 border-t px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={() => fill(usualWeek())} data-testid="schedules-fill">
                <CalendarClock aria-hidden />
                {t("fillUsual")}
              </Button>
              <Button type="button" variant="ghost" onClick={() => fill(emptyWeek())} data-testid="schedules-clear">
                <Eraser aria-hidden />
                {t("clear")}
              </Button>
            </div>
            <Button type="submit" disabled={formState.isSubmitting} data-testid="schedules-save">
              {formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
              {t("save")}
            </Button>
          </div>
        )}
      </form>
    </Form>
  );
}
