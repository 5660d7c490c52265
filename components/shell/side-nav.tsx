"use client";

import { ChevronDown, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { ChatUnreadDot } from "@/components/chats/chat-unreads";
import { useConnectionWarning } from "@/components/connections/use-connection-warning";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { MenuSection } from "@/lib/navigation/menu";
import { cn } from "@/lib/utils";
import { MENU_ICONS } from "./menu-icons";

type Props = {
  sections: MenuSection[];
  collapsed: boolean;
  /** the server's answer at page load */
  connectionWarning: boolean;
  /** set: re-check the warning as connections change (spec core §2) */
  liveWarning?: { companyId: number } | null;
  onNavigate?: () => void;
};

const isActive = (path: string, href: string) => (href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`));

/** The side drawer's menu; icons only (with tooltips) when collapsed. */
export function SideNav({ sections, collapsed, connectionWarning: initialWarning, liveWarning, onNavigate }: Props) {
  const t = useTranslations();
  const connectionWarning = useConnectionWarning({
    companyId: liveWarning?.companyId ?? 0,
    enabled: Boolean(liveWarning),
    initial: initialWarning,
  });
  const path = usePathname();
  const [campaignsOpen, setCampaignsOpen] = useState(() => ["/campaign", "/contact-lists"].some((p) => path.startsWith(p)));

  const item = (key: string, href: string, nested = false) => {
    const Icon = MENU_ICONS[key];
    const active = isActive(path, href);
    const warn = key === "connections" && connectionWarning;
    const link = (
      <Link
        href={href}
        onClick={onNavigate}
        data-testid={`menu-${key}`}
        aria-current={active ? "page" : undefined}
        className={cn(
          "group flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 transition-colors",
          "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
          active && "bg-sidebar-primary/10 text-sidebar-primary hover:bg-sidebar-primary/15 hover:text-sidebar-primary",
          nested && !collapsed && "pl-9",
          collapsed && "justify-center px-0",
        )}
      >
        <span className="relative">
          <Icon className="size-5 shrink-0" aria-hidden />
          {warn && <TriangleAlert className="absolute -top-2 -right-2 size-3.5 text-warning" aria-label={t("shell.connectionWarning")} />}
          {key === "chats" && <ChatUnreadDot />}
        </span>
        {!collapsed && <span className="truncate">{t(`menu.${key}`)}</span>}
      </Link>
    );
    if (!collapsed) return <li key={key}>{link}</li>;
    return (
      <li key={key}>
        <Tooltip>
          <TooltipTrigger asChild>{link}</TooltipTrigger>
          <TooltipContent side="right">{t(`menu.${key}`)}</TooltipContent>
        </Tooltip>
      </li>
    );
  };

  return (
    <nav aria-label={t("common.mainMenu")} className="flex-1 overflow-y-auto px-3 py-2">
      {sections.map((section) => (
        <div key={section.key} className="mb-2">
          {section.key === "administration" &&
            (collapsed ? (
              <div className="mx-2 my-3 border-t border-sidebar-border" />
            ) : (
              <p className="px-3 pt-4 pb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                {t("shell.administration")}
              </p>
            ))}
          <ul className="space-y-0.5">
            {section.items.map((entry) =>
              "children" in entry ? (
                <li key={entry.key}>
                  <button
                    type="button"
                    onClick={() => setCampaignsOpen((o) => !o)}
                    aria-expanded={campaignsOpen}
                    data-testid="menu-campaigns"
                    className={cn(
                      "flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 hover:bg-sidebar-accent",
                      collapsed && "justify-center px-0",
                    )}
                  >
                    <MENU_ICONS.campaigns className="size-5 shrink-0" aria-hidden />
                    {!collapsed && <span className="flex-1 truncate text-left">{t("menu.campaigns")}</span>}
                    {!collapsed && <ChevronDown className={cn("size-4 transition-transform", campaignsOpen && "rotate-180")} />}
                  </button>
                  {campaignsOpen && <ul className="mt-0.5 space-y-0.5">{entry.children.map((c) => item(c.key, c.href, true))}</ul>}
                </li>
              ) : (
                item(entry.key, entry.href)
              ),
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}
