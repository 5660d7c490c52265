"use client";

import { Menu, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { NotificationsBell } from "@/components/notifications/notifications-bell";
import { AnnouncementsPopover } from "@/components/announcements/announcements-popover";
import { ChatsPopover } from "@/components/chats/chat-unreads";
import { ActiveUntil } from "./active-until";
import { ThemeToggleButton } from "./theme-toggle-button";
import { AccountMenu } from "./account-menu";
import { LocaleSwitcher } from "./locale-switcher";
import { useViewer } from "./viewer-context";
import type { ShellCompany, ShellUser } from "./shell-types";
import { VolumeControl } from "./volume-control";

type Props = { user: ShellUser; company: ShellCompany; onMenu: () => void; showMenuButton: boolean; chatsEnabled: boolean };

export function TopBar({ user, company, onMenu, showMenuButton, chatsEnabled }: Props) {
  const t = useTranslations("shell");
  // the name follows a rename live (LiveViewer); the rest of the user is the page's
  const { name } = useViewer();
  const showDue = user.profile === "admin" && company.dueDate; // spec: admins whose company has a due date
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur sm:px-4">
      {showMenuButton && (
        <Button variant="ghost" size="icon" onClick={onMenu} aria-label={t("openMenu")} data-testid="open-menu">
          <Menu className="size-5" />
        </Button>
      )}
      <p className="min-w-0 flex-1 truncate text-sm sm:text-base" data-testid="greeting">
        {t.rich("greeting", {
          name,
          company: company.name,
          b: (chunks) => <strong className="font-semibold">{chunks}</strong>,
        })}
      </p>
      {showDue && <ActiveUntil dueDate={company.dueDate!} />}
      <div className="flex items-center gap-0.5">
        <NotificationsBell />
        <ThemeToggleButton />
        {/* below 640 px the bar keeps what agents use most (like the refresh button) */}
        <div className="hidden sm:contents">
          <VolumeControl />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="hidden sm:inline-flex"
          onClick={() => window.location.reload()}
          aria-label={t("refresh")}
          title={t("refresh")}
        >
          <RefreshCw className="size-5" />
        </Button>
        <AnnouncementsPopover />
        {chatsEnabled && <ChatsPopover />}
        <LocaleSwitcher persist />
        <AccountMenu user={{ ...user, name }} />
      </div>
    </header>
  );
}
