"use client";

import { LogOut, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { api, clearLocalSession } from "@/lib/api/client";
import { ProfileDialog } from "./profile-dialog";
import type { ShellUser } from "./shell-types";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");

export function AccountMenu({ user }: { user: ShellUser }) {
  const t = useTranslations("shell");
  const router = useRouter();
  const [profileOpen, setProfileOpen] = useState(false);
  const logout = async () => {
    await api("/api/auth/logout", { method: "DELETE" }).catch(() => {});
    clearLocalSession();
    router.replace("/login"); // spec: logout leads to /login
    router.refresh();
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full" aria-label={t("account")} data-testid="account-menu">
            <Avatar className="size-8">
              <AvatarFallback className="bg-primary text-xs font-semibold text-primary-foreground">{initials(user.name)}</AvatarFallback>
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="font-normal">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setProfileOpen(true)} data-testid="menu-profile">
            <UserRound className="size-4" /> {t("profile")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={logout} data-testid="menu-logout">
            <LogOut className="size-4" /> {t("logout")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
    </>
  );
}
