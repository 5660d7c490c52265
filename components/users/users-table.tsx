"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { InfiniteScrollSentinel } from "@/components/lists/infinite-scroll";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeEvent, useRealtimeReconnect } from "@/components/realtime/use-realtime";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";

export type UserRow = { id: number; name: string; email: string; profile: string; online: boolean };
type UserEvent = { action: "create" | "update" | "delete"; user?: UserRow; userId?: number };

/** The users list: search, infinite scroll and live updates from the company channel. */
export function UsersTable({ companyId, initial }: { companyId: number; initial: { items: UserRow[]; hasMore: boolean } }) {
  const t = useTranslations("users");
  const list = usePagedList<UserRow>({ url: "/api/users", key: "users", initial });
  useRealtimeEvent<UserEvent>(channels.company(companyId), EVENTS.user, (e) => {
    if (e.action === "update" && e.user) list.upsert(e.user);
    if (e.action === "delete" && e.userId) list.remove(e.userId);
    if (e.action === "create") list.reload();
  });
  useRealtimeReconnect(list.reload);

  return (
    <div className="space-y-4">
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          placeholder={t("search")}
          aria-label={t("search")}
          className="pl-9"
          data-testid="users-search"
        />
      </div>
      <div className="rounded-xl border bg-card">
        <Table data-testid="users-table">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">{t("id")}</TableHead>
              <TableHead>{t("name")}</TableHead>
              <TableHead>{t("email")}</TableHead>
              <TableHead>{t("profile")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((u) => (
              <TableRow key={u.id} data-testid={`user-row-${u.id}`}>
                <TableCell className="text-muted-foreground">{u.id}</TableCell>
                <TableCell className="font-medium">{u.name}</TableCell>
                <TableCell>{u.email}</TableCell>
                <TableCell>
                  <Badge variant={u.profile === "admin" ? "default" : "secondary"}>{t(`profiles.${u.profile}`)}</Badge>
                </TableCell>
              </TableRow>
            ))}
            {list.loading &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={`s${i}`}>
                  <TableCell colSpan={4}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {!list.loading && list.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} className="py-10 text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <InfiniteScrollSentinel onEnd={list.loadMore} enabled={list.hasMore && !list.loading} />
    </div>
  );
}
