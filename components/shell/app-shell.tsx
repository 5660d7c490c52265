"use client";

import { MessagesSquare, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { ChatUnreadsProvider } from "@/components/chats/chat-unreads";
import { RealtimeProvider } from "@/components/realtime/realtime-provider";
import { SessionWatcher } from "@/components/realtime/session-watcher";
import { buildMenu } from "@/lib/navigation/menu";
import { cn } from "@/lib/utils";
import type { ShellProps } from "./shell-types";
import { useFlashToast } from "./flash-toast";
import { LiveViewer } from "./live-viewer";
import { SideNav } from "./side-nav";
import { TopBar } from "./top-bar";
import { useMediaQuery } from "./use-media-query";

const useStoredCshow = () =>
  useSyncExternalStore(
    () => () => {},
    () => localStorage.getItem("cshow") === "true",
    () => false,
  );

/**
 * The application shell (spec core §2): top bar and a side drawer that is open above 1200 px,
 * collapsible, and a temporary overlay under 600 px.
 */
export function AppShell({ children, ...props }: ShellProps & { children: React.ReactNode }) {
  const t = useTranslations("shell");
  const wide = useMediaQuery("(min-width: 1201px)", true);
  const narrow = useMediaQuery("(max-width: 599px)", false);
  const [userCollapsed, setUserCollapsed] = useState<boolean | null>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [version, setVersion] = useState<string | null>(null);
  const cshow = useStoredCshow();
  const collapsed = userCollapsed ?? !wide;
  useFlashToast();

  useEffect(() => {
    fetch("/api/version")
      .then((r) => r.json())
      .then((v: { version: string }) => setVersion(v.version))
      .catch(() => {});
  }, []);

  const sections = useMemo(
    () =>
      buildMenu({
        profile: props.user.profile,
        super: props.user.super,
        plan: props.plan,
        campaignsFlag: props.campaignsSetting || cshow,
        sandbox: props.sandbox,
      }),
    [props.user.profile, props.user.super, props.plan, props.campaignsSetting, cshow, props.sandbox],
  );

  const brand = (showName: boolean) => (
    <div className="flex h-16 items-center gap-2.5 px-5 font-semibold">
      <MessagesSquare className="size-7 shrink-0 text-sidebar-primary" aria-hidden />
      {showName && <span className="truncate text-lg">{t("appName")}</span>}
    </div>
  );
  const versionLabel = version && (
    <p className="px-5 py-3 text-xs text-muted-foreground" data-testid="version-label">
      {t("version", { version })}
    </p>
  );
  const nav = (isCollapsed: boolean, onNavigate?: () => void) => (
    <SideNav
      sections={sections}
      collapsed={isCollapsed}
      connectionWarning={props.connectionWarning}
      // the badge follows connection events live, for admins (who alone get session events)
      liveWarning={props.user.profile === "admin" ? { companyId: props.company.id } : null}
      onNavigate={onNavigate}
    />
  );

  return (
    <RealtimeProvider config={props.realtime} companyId={props.company.id} userId={props.user.id}>
      <LiveViewer>
        <SessionWatcher companyId={props.company.id} userId={props.user.id} sessionId={props.sessionId} />
        <ChatUnreadsProvider companyId={props.company.id} userId={props.user.id} enabled={props.plan.useInternalChat}>
          <div className="flex min-h-dvh">
            {!narrow && (
              <aside
                className={cn(
                  "sticky top-0 flex h-dvh shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200",
                  collapsed ? "w-[72px]" : "w-64",
                )}
                data-testid="side-drawer"
                data-collapsed={collapsed}
              >
                {brand(!collapsed)}
                {nav(collapsed)}
                <div className={cn("flex items-center border-t border-sidebar-border", collapsed ? "justify-center py-2" : "justify-between pr-2")}>
                  {!collapsed && versionLabel}
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setUserCollapsed(!collapsed)}
                    aria-label={collapsed ? t("expandMenu") : t("collapseMenu")}
                    data-testid="toggle-drawer"
                  >
                    {collapsed ? <PanelLeftOpen className="size-5" /> : <PanelLeftClose className="size-5" />}
                  </Button>
                </div>
              </aside>
            )}
            {narrow && (
              <Sheet open={overlayOpen} onOpenChange={setOverlayOpen}>
                <SheetContent side="left" className="flex w-72 flex-col gap-0 bg-sidebar p-0 text-sidebar-foreground">
                  <SheetTitle className="sr-only">{t("openMenu")}</SheetTitle>
                  {brand(true)}
                  {nav(false, () => setOverlayOpen(false))}
                  <div className="border-t border-sidebar-border">{versionLabel}</div>
                </SheetContent>
              </Sheet>
            )}
            <div className="flex min-w-0 flex-1 flex-col">
              <TopBar
                user={props.user}
                company={props.company}
                onMenu={() => setOverlayOpen(true)}
                showMenuButton={narrow}
                chatsEnabled={props.plan.useInternalChat}
              />
              <main className="flex-1 p-4 sm:p-6">{children}</main>
            </div>
          </div>
        </ChatUnreadsProvider>
      </LiveViewer>
    </RealtimeProvider>
  );
}
