"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SETTING_OPTIONS, type SettingKey } from "@/lib/settings/setting-keys";

type Props = {
  settingKey: SettingKey;
  value: string;
  canEdit: boolean;
  saving: boolean;
  onChange: (value: string) => void;
  /** shown under the description (e.g. where the work hours are set) */
  extra?: React.ReactNode;
};

/** One setting: its label and what it does on the left, its select on the right (stacked when narrow). */
export function SettingRow({ settingKey, value, canEdit, saving, onChange, extra }: Props) {
  const t = useTranslations("settings.options");
  const id = `setting-${settingKey}`;
  const valueLabel = t(`${settingKey}.values.${value}`);
  return (
    <div className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_13rem] sm:items-center sm:gap-6" data-testid={`setting-row-${settingKey}`}>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={canEdit ? id : undefined} className="text-sm font-medium">
          {t(`${settingKey}.label`)}
          {saving && <Loader2 className="size-3.5 animate-spin text-muted-foreground" aria-label={t("saving")} />}
        </Label>
        <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
          {t(`${settingKey}.hint`)}
        </p>
        {extra}
      </div>
      {canEdit ? (
        <Select value={value} onValueChange={onChange} disabled={saving}>
          <SelectTrigger id={id} aria-describedby={`${id}-hint`} data-testid={id}>
            {/* the label given here, so the server-rendered page shows the value before hydration */}
            <SelectValue>{valueLabel}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {SETTING_OPTIONS[settingKey].map((option) => (
              <SelectItem key={option} value={option} data-testid={`${id}-${option}`}>
                {t(`${settingKey}.values.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        // read-only viewers see the value, not a control they cannot use
        <div
          className="flex h-9 items-center rounded-md border border-dashed bg-muted/40 px-3 text-sm"
          data-testid={id}
        >
          {valueLabel}
        </div>
      )}
    </div>
  );
}
