"use client";

import { Building2, CalendarClock, LifeBuoy, Package, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { CompaniesTab } from "@/components/companies/companies-tab";
import { HelpsAdminTab } from "@/components/helps/helps-admin-tab";
import { PlansTab } from "@/components/plans/plans-tab";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { PageHeader } from "@/components/shell/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { settingsFromRows } from "@/lib/settings/company-settings";
import { isSettingKey, isSettingValue, SETTING_KEYS } from "@/lib/settings/setting-keys";
import { OptionsTab } from "./options-tab";
import { SchedulesTab } from "./schedules-tab";
import type { CompanyEvent, CompanySettings, ScheduleEntry, SettingEvent, SettingKey, Tab } from "./settings-types";

type Props = {
  companyId: number;
  initialSettings: CompanySettings;
  initialSchedules: ScheduleEntry[];
  /** secret settings, masked; empty for non-admins */
  initialSecrets: { key: string; value: string }[];
  /** admins (and the super admin) change settings; everyone else reads them */
  canEdit: boolean;
  /** the platform owner: the Companies, Plans and Help tabs */
  isSuper?: boolean;
  /** `?tab=schedules` (or companies, plans, helps) opens that tab (when it shows) */
  initialTab?: Tab;
};

// the platform owner's tabs: the list screens of companies, plans and help videos
const SUPER_TABS = [
  { tab: "companies", Icon: Building2, Content: CompaniesTab },
  { tab: "plans", Icon: Package, Content: PlansTab },
  { tab: "helps", Icon: LifeBuoy, Content: HelpsAdminTab },
] as const satisfies readonly { tab: Tab; Icon: unknown; Content: unknown }[];

/**
 * /settings (admin §2.4): Options for every user, Schedules when scheduleType is company, and the
 * Companies, Plans and Help tabs for super users only.
 */
export function SettingsView({ companyId, initialSettings, initialSchedules, initialSecrets, canEdit, isSuper = false, initialTab = "options" }: Props) {
  const t = useTranslations("settings");
  const [settings, setSettings] = useState(initialSettings);
  const [schedules, setSchedules] = useState(initialSchedules);
  const [secrets, setSecrets] = useState(initialSecrets);
  // when each key last changed here or by event (a counter): a catch-up answer asked for before a
  // key changed is older than that change and must not undo it (a token saved meanwhile)
  const changes = useRef({ count: 0, at: new Map<string, number>() });
  const touch = (key: string) => changes.current.at.set(key, ++changes.current.count);
  const applySecret = (key: string, value: string) => {
    touch(key);
    setSecrets((list) => list.map((s) => (s.key === key ? { key, value } : s)));
  };
  const [tab, setTab] = useState<Tab>(initialTab);
  const showSchedules = settings.scheduleType === "company";
  const shows = (x: Tab) => x === "options" || (x === "schedules" ? showSchedules : isSuper && SUPER_TABS.some((s) => s.tab === x));
  const activeTab = shows(tab) ? tab : "options";

  const selectTab = (next: Tab) => {
    setTab(next);
    // keeps the tab across a reload (Next's router follows native history updates)
    window.history.replaceState(null, "", next === "options" ? window.location.pathname : `?tab=${next}`);
  };
  const apply = (key: SettingKey, value: string) => {
    touch(key);
    setSettings((s) => ({ ...s, [key]: value }));
  };

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
    const asked = changes.current.count;
    api<{ key: string; value: string }[]>("/api/settings")
      .then((rows) => {
        const newer = (key: string) => (changes.current.at.get(key) ?? 0) > asked;
        const fresh = settingsFromRows(rows);
        setSettings((current) => {
          const next: Record<string, string> = { ...fresh };
          for (const key of SETTING_KEYS) if (newer(key)) next[key] = current[key];
          return next as CompanySettings;
        });
        setSecrets((list) => list.map((s) => (newer(s.key) ? s : (rows.find((r) => r.key === s.key) ?? s))));
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
          {isSuper &&
            SUPER_TABS.map(({ tab: value, Icon }) => (
              <TabsTrigger key={value} value={value} className="sm:px-4" data-testid={`tab-${value}`}>
                <Icon aria-hidden />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            ))}
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
        {isSuper &&
          SUPER_TABS.map(({ tab: value, Content }) => (
            <TabsContent key={value} value={value}>
              <Content />
            </TabsContent>
          ))}
      </Tabs>
    </div>
  );
}
