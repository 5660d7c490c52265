"use client";

import { CalendarClock, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { PageHeader } from "@/components/shell/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { settingsFromRows } from "@/lib/settings/company-settings";
import { isSettingKey, isSettingValue } from "@/lib/settings/setting-keys";
import { OptionsTab } from "./options-tab";
import { SchedulesTab } from "./schedules-tab";
import type { CompanyEvent, CompanySettings, ScheduleEntry, SettingEvent, SettingKey } from "./settings-types";

type Props = {
  companyId: number;
  initialSettings: CompanySettings;
  initialSchedules: ScheduleEntry[];
  /** secret settings, masked; empty for non-admins */
  initialSecrets: { key: string; value: string }[];
  /** admins (and the super admin) change settings; everyone else reads them */
  canEdit: boolean;
  /** `?tab=schedules` opens the Schedules tab (when it shows) */
  initialTab?: Tab;
};

export type Tab = "options" | "schedules";

/**
 * /settings (admin §2.4): Options for every user, Schedules when scheduleType is company. The
 * super admin's Companies, Plans and Help tabs come with the administration issue.
 */
export function SettingsView({ companyId, initialSettings, initialSchedules, initialSecrets, canEdit, initialTab = "options" }: Props) {
  const t = useTranslations("settings");
  const [settings, setSettings] = useState(initialSettings);
  const [schedules, setSchedules] = useState(initialSchedules);
  const [secrets, setSecrets] = useState(initialSecrets);
  const applySecret = (key: string, value: string) => setSecrets((list) => list.map((s) => (s.key === key ? { key, value } : s)));
  const [tab, setTab] = useState<Tab>(initialTab);
  const showSchedules = settings.scheduleType === "company";
  const activeTab = showSchedules ? tab : "options";

  const selectTab = (next: Tab) => {
    setTab(next);
    // keeps the tab across a reload (Next's router follows native history updates)
    window.history.replaceState(null, "", next === "schedules" ? "?tab=schedules" : window.location.pathname);
  };
  const apply = (key: SettingKey, value: string) => setSettings((s) => ({ ...s, [key]: value }));

  // another admin (or another tab) saved a setting
  useRealtimeEvent<SettingEvent>(channels.company(companyId), EVENTS.settings, ({ setting }) => {
    if (isSettingKey(setting.key) && isSettingValue(setting.key, setting.value)) apply(setting.key, setting.value);
  });
  // a secret saved by another admin arrives masked on the admins' channel (not subscribed by others)
  useRealtimeEvent<SettingEvent>(canEdit ? channels.admins(companyId) : null, EVENTS.settings, ({ setting }) => applySecret(setting.key, setting.value));
  // new company work hours (saved here or elsewhere)
  useRealtimeEvent<CompanyEvent>(channels.company(companyId), EVENTS.company, ({ company }) => {
    if (company.id === companyId && company.schedules) setSchedules(company.schedules);
  });
  useRealtimeCatchUp([channels.company(companyId), canEdit ? channels.admins(companyId) : null], () => {
    api<{ key: string; value: string }[]>("/api/settings")
      .then((rows) => {
        setSettings(settingsFromRows(rows));
        setSecrets((list) => list.map((s) => rows.find((r) => r.key === s.key) ?? s));
      })
      .catch(() => {});
    api<{ schedules: ScheduleEntry[] }>(`/api/companies/${companyId}/schedules`)
      .then((r) => setSchedules(r.schedules))
      .catch(() => {});
  }, { serverData: true });

  return (
    <div>
      <PageHeader title={t("title")} />
      <Tabs value={activeTab} onValueChange={(v) => selectTab(v as Tab)} className="gap-5" data-testid="settings-tabs">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="options" className="sm:px-4" data-testid="tab-options">
            <SlidersHorizontal aria-hidden />
            {t("tabs.options")}
          </TabsTrigger>
          {showSchedules && (
            <TabsTrigger value="schedules" className="sm:px-4" data-testid="tab-schedules">
              <CalendarClock aria-hidden />
              {t("tabs.schedules")}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="options">
          <OptionsTab
            settings={settings}
            secrets={secrets}
            canEdit={canEdit}
            onLocalChange={apply}
            onSecretSaved={applySecret}
            onOpenSchedules={() => selectTab("schedules")}
          />
        </TabsContent>
        {showSchedules && (
          <TabsContent value="schedules">
            <SchedulesTab companyId={companyId} schedules={schedules} canEdit={canEdit} onSaved={setSchedules} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
