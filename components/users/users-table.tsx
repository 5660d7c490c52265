"use client";

import { useTranslations } from "next-intl";
import { useOnlineUserIds } from "@/components/dashboard/use-online-users";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListScreen } from "@/components/lists/list-screen";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { useEditDialog } from "@/components/lists/use-edit-dialog";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useLiveList } from "@/components/lists/use-live-list";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { UserDialog } from "./user-dialog";
import type { UserRow, UsersViewer } from "./user-types";

export type { UserRow } from "./user-types";

type UserEvent = { action: "create" | "update" | "delete"; user?: UserRow; userId?: number };

/**
 * The users page (spec core §2 Users page, admins only): search, infinite scroll, live updates from
 * the company's admins channel, the add/edit modal and delete.
 */
export function UsersTable({ companyId, viewer, initial }: { companyId: number; viewer: UsersViewer; initial: { items: UserRow[]; hasMore: boolean } }) {
  const t = useTranslations("users");
  const list = useLiveList<UserRow, UserEvent>({ url: "/api/users", key: "users", initial }, channels.admins(companyId), EVENTS.user, (e) => {
    if (e.action === "update" && e.user) return { upsert: e.user };
    if (e.action === "delete" && e.userId) return { remove: e.userId };
    return e.action === "create" ? "reload" : null;
  });
  // presence as the dashboard shows it: live from the presence channel, the API's answer until it speaks
  const live = useOnlineUserIds(companyId);
  const isOnline = (u: UserRow) => (live ? live.has(u.id) : u.online);

  const { dialog, open: openDialog, close: closeDialog } = useEditDialog<number>();
  const canEdit = (row: UserRow) => viewer.isAdmin || row.id === viewer.id;
  const canDelete = (row: UserRow) => viewer.isAdmin && row.id !== viewer.id;

  const del = useRowDelete<UserRow>({
    path: (r) => `/api/users/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    deletedTitle: t("toasts.deleted"),
  });

  return (
    <ListScreen
      title={t("title")}
      add={viewer.isAdmin ? { label: t("buttons.add"), testId: "add-user", onClick: () => openDialog(null) } : undefined}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "users-search", className: "max-w-sm" }}
      paging={list}
    >
      <ListTable
        testId="users-table"
        columns={[
          { label: t("id"), className: "hidden w-16 pl-4 sm:table-cell" },
          { label: t("name"), className: "pl-4 sm:pl-2" },
          { label: t("email"), className: "hidden md:table-cell" },
          { label: t("profile"), className: "hidden sm:table-cell" },
          { label: t("actions"), className: "w-24 pr-4 text-right" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={t("empty")}
        renderRow={(u) => (
          <TableRow key={u.id} data-testid={`user-row-${u.id}`}>
            <TableCell className="hidden pl-4 text-muted-foreground tabular-nums sm:table-cell">{u.id}</TableCell>
            <TableCell className="pl-4 whitespace-normal sm:pl-2">
              <div className="flex items-center gap-2">
                <span
                  className={isOnline(u) ? "size-2 shrink-0 rounded-full bg-success" : "size-2 shrink-0 rounded-full bg-muted-foreground/30"}
                  title={isOnline(u) ? t("online") : t("offline")}
                  data-online={isOnline(u)}
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
              <RowActions
                edit={canEdit(u) ? { label: t("buttons.edit"), testId: "edit-user", onClick: () => openDialog(u.id) } : undefined}
                remove={canDelete(u) ? { label: t("buttons.delete"), testId: "delete-user", onClick: () => del.ask(u) } : undefined}
              />
            </TableCell>
          </TableRow>
        )}
      />

      {dialog && (
        <UserDialog
          key={dialog.key}
          userId={dialog.row}
          viewer={viewer}
          onClose={closeDialog}
          onSaved={(saved) => {
            closeDialog();
            if (dialog.row) list.upsert(saved);
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
    </ListScreen>
  );
}
