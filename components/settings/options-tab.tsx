"use client";

import { ArrowRight, Lock } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { OPTION_SECTIONS, type CompanySettings, type SettingKey } from "./settings-types";
import { SecretSettingRow } from "./secret-setting-row";
import { SettingRow } from "./setting-row";

type Props = {
  settings: CompanySettings;
  /** secret settings (the payment token), masked; only admins get any */
  secrets: { key: string; value: string }[];
  canEdit: boolean;
  /** applies a value on screen (optimistically, or back when the save fails) */
  onLocalChange: (key: SettingKey, value: string) => void;
  onSecretSaved: (key: string, masked: string) => void;
  onOpenSchedules: () => void;
};

/** admin §2.4 Options: each setting is saved on its own as soon as it changes. */
export function OptionsTab({ settings, secrets, canEdit, onLocalChange, onSecretSaved, onOpenSchedules }: Props) {
  const t = useTranslations("settings");
  const errorMessage = useErrorMessage();
  const [saving, setSaving] = useState<Partial<Record<SettingKey, boolean>>>({});

  const save = async (key: SettingKey, value: string) => {
    const previous = settings[key];
    if (value === previous) return;
    onLocalChange(key, value);
    setSaving((s) => ({ ...s, [key]: true }));
    try {
      await api(`/api/settings/${key}`, { method: "PUT", json: { value } });
      toast({ variant: "success", title: t("toasts.saved") });
    } catch (err) {
      onLocalChange(key, previous);
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setSaving((s) => ({ ...s, [key]: false }));
    }
  };

  const scheduleLink =
    settings.scheduleType === "company" ? (
      <Button type="button" variant="link" size="sm" className="h-auto p-0 has-[>svg]:px-0" onClick={onOpenSchedules} data-testid="open-schedules">
        {t("options.scheduleType.setCompanyHours")}
        <ArrowRight aria-hidden />
      </Button>
    ) : settings.scheduleType === "queue" && canEdit ? (
      <Button asChild variant="link" size="sm" className="h-auto p-0 has-[>svg]:px-0">
        <Link href="/queues">
          {t("options.scheduleType.setQueueHours")}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    ) : null;

  return (
    <div className="space-y-6" data-testid="settings-options">
      {!canEdit && (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground" data-testid="settings-read-only">
          <Lock className="size-4 shrink-0" aria-hidden />
          {t("readOnly")}
        </p>
      )}
      {OPTION_SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`settings-section-${section.id}`} className="space-y-2">
          <div className="px-1">
            <h2 id={`settings-section-${section.id}`} className="text-base font-semibold">
              {t(`sections.${section.id}.title`)}
            </h2>
            <p className="text-sm text-muted-foreground">{t(`sections.${section.id}.description`)}</p>
          </div>
          <div className="divide-y rounded-xl border bg-card text-card-foreground shadow-xs">
            {section.keys.map((key) => (
              <SettingRow
                key={key}
                settingKey={key}
                value={settings[key]}
                canEdit={canEdit}
                saving={Boolean(saving[key])}
                onChange={(value) => void save(key, value)}
                extra={key === "scheduleType" ? scheduleLink : undefined}
              />
            ))}
          </div>
        </section>
      ))}
      {canEdit && secrets.length > 0 && (
        <section aria-labelledby="settings-section-payments" className="space-y-2">
          <div className="px-1">
            <h2 id="settings-section-payments" className="text-base font-semibold">
              {t("sections.payments.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("sections.payments.description")}</p>
          </div>
          <div className="divide-y rounded-xl border bg-card text-card-foreground shadow-xs">
            {secrets.map((s) => (
              <SecretSettingRow key={s.key} settingKey={s.key} masked={s.value} onSaved={(masked) => onSecretSaved(s.key, masked)} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
