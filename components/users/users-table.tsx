"use client";

import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { InfiniteScrollSentinel } from "@/components/lists/infinite-scroll";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeEvent, useRealtimeReconnect } from "@/components/realtime/use-realtime";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { UserDialog } from "./user-dialog";
import type { UserRow, UsersViewer } from "./user-types";

export type { UserRow } from "./user-types";

type UserEvent = { action: "create" | "update" | "delete"; user?: UserRow; userId?: number };
const COLUMNS = 5;

/**
 * The users page (spec core §2 Users page): search, infinite scroll, live updates from the company
 * channel, the add/edit modal and delete. Admins manage everyone; others open their own row only.
 */
export function UsersTable({ companyId, viewer, initial }: { companyId: number; viewer: UsersViewer; initial: { items: UserRow[]; hasMore: boolean } }) {
  const t = useTranslations("users");
  const [dialog, setDialog] = useState<{ key: number; id: number | null } | null>(null);
  const list = usePagedList<UserRow>({ url: "/api/users", key: "users", initial });
  useRealtimeEvent<UserEvent>(channels.company(companyId), EVENTS.user, (e) => {
    if (e.action === "update" && e.user) list.upsert(e.user);
    if (e.action === "delete" && e.userId) list.remove(e.userId);
    if (e.action === "create") list.reload();
  });
  useRealtimeReconnect(list.reload);

  const openDialog = (id: number | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, id }));
  const canEdit = (row: UserRow) => viewer.isAdmin || row.id === viewer.id;
  const canDelete = (row: UserRow) => viewer.isAdmin && row.id !== viewer.id;

  const del = useRowDelete<UserRow>({
    path: (r) => `/api/users/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>
        {viewer.isAdmin && (
          <Button onClick={() => openDialog(null)} data-testid="add-user">
            <Plus aria-hidden />
            {t("buttons.add")}
          </Button>
        )}
      </PageHeader>
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
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
              <TableHead className="hidden w-16 pl-4 sm:table-cell">{t("id")}</TableHead>
              <TableHead className="pl-4 sm:pl-2">{t("name")}</TableHead>
              <TableHead className="hidden md:table-cell">{t("email")}</TableHead>
              <TableHead className="hidden sm:table-cell">{t("profile")}</TableHead>
              <TableHead className="w-24 pr-4 text-right">{t("actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((u) => (
              <TableRow key={u.id} data-testid={`user-row-${u.id}`}>
                <TableCell className="hidden pl-4 text-muted-foreground tabular-nums sm:table-cell">{u.id}</TableCell>
                <TableCell className="pl-4 whitespace-normal sm:pl-2">
                  <div className="flex items-center gap-2">
                    <span
                      className={u.online ? "size-2 shrink-0 rounded-full bg-success" : "size-2 shrink-0 rounded-full bg-muted-foreground/30"}
                      title={u.online ? t("online") : t("offline")}
                      aria-hidden
                    />
                    <span className="font-medium break-words" data-testid="user-name">
                      {u.name}
                    </span>
                    {u.id === viewer.id && (
                      <Badge variant="outline" className="shrink-0">
                        {t("you")}
                      </Badge>
                    )}
                  </div>
                  {/* narrow screens: the hidden columns' facts move here */}
                  <div className="pl-4 text-xs break-all text-muted-foreground md:hidden">{u.email}</div>
                  <div className="pl-4 sm:hidden">
                    <span className="text-xs text-muted-foreground">{t(`profiles.${u.profile}`)}</span>
                  </div>
                </TableCell>
                <TableCell className="hidden md:table-cell" data-testid="user-email">
                  {u.email}
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Badge variant={u.profile === "admin" ? "default" : "secondary"} data-testid="user-profile">
                    {t(`profiles.${u.profile}`)}
                  </Badge>
                </TableCell>
                <TableCell className="pr-4">
                  <div className="flex justify-end">
                    {canEdit(u) && (
                      <IconAction label={t("buttons.edit")} onClick={() => openDialog(u.id)} testId="edit-user">
                        <Pencil />
                      </IconAction>
                    )}
                    {canDelete(u) && (
                      <IconAction label={t("buttons.delete")} onClick={() => del.ask(u)} testId="delete-user">
                        <Trash2 />
                      </IconAction>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.loading &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={`s${i}`}>
                  <TableCell colSpan={COLUMNS} className="px-4">
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))}
            {!list.loading && list.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS} className="py-12 text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <InfiniteScrollSentinel onEnd={list.loadMore} enabled={list.hasMore && !list.loading} />

      {dialog && (
        <UserDialog
          key={dialog.key}
          userId={dialog.id}
          viewer={viewer}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (dialog.id) list.upsert(saved);
            else list.reload();
          }}
        />
      )}
      <ConfirmDialog
        {...del.dialog}
        title={t("confirm.deleteTitle", { name: del.row?.name ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("buttons.delete")}
        testId="confirm-dialog"
      />
    </div>
  );
}

function IconAction({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" onClick={onClick} aria-label={label} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
