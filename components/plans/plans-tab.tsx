"use client";

import { Package } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListTable } from "@/components/lists/list-table";
import { RowActions } from "@/components/lists/row-action";
import { ListScreen } from "@/components/lists/list-screen";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { formatBRL } from "@/lib/plans/money";
import { PLAN_FLAGS } from "@/lib/plans/features";
import { PlanDialog } from "./plan-dialog";
import type { PlanRow } from "./plan-types";

/**
 * Settings › Plans (admin §2.4, super users): every plan with its limits, monthly price in BRL
 * (pt-BR) and features; add, edit, delete. Plans are few, so the list is read whole and searched here.
 */
export function PlansTab() {
  const t = useTranslations("plans");
  const [plans, setPlans] = useState<PlanRow[] | null>(null);
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<{ key: number; plan: PlanRow | null } | null>(null);

  const load = () =>
    api<PlanRow[]>("/api/plans/all")
      .then(setPlans)
      .catch(() => {
        setPlans([]);
        toast({ variant: "error", title: t("toasts.loadFailed") });
      });
  useEffect(() => {
    void load();
    // loaded once when the tab opens; saves update the list in place
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (plans ?? []).filter((p) => !term || p.name.toLowerCase().includes(term));
  }, [plans, search]);
  const del = useRowDelete<PlanRow>({
    path: (p) => `/api/plans/${p.id}`,
    onDeleted: (p) => setPlans((list) => list?.filter((x) => x.id !== p.id) ?? null),
    deletedTitle: t("toasts.deleted"),
    failedTitle: t("toasts.deleteFailed"),
  });
  const openDialog = (plan: PlanRow | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, plan }));

  return (
    <ListScreen
      as="section"
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-plan", onClick: () => openDialog(null) }}
      search={{ value: search, onChange: setSearch, label: t("search"), testId: "plans-search" }}
    >
      <ListTable
        testId="plans-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.limits"), className: "hidden w-56 text-center md:table-cell" },
          { label: t("table.value"), className: "w-36 text-right" },
          { label: t("table.features"), className: "hidden w-28 text-center sm:table-cell" },
          { label: t("table.actions"), className: "w-24 pr-4 text-right" },
        ]}
        rows={shown}
        loading={plans === null}
        empty={search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Package}
        renderRow={(p) => {
          const on = PLAN_FLAGS.filter((f) => p[f]);
          const off = PLAN_FLAGS.filter((f) => !p[f]);
          return (
            <TableRow key={p.id} data-testid={`plan-row-${p.id}`}>
              <TableCell className="pl-4">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium">{p.name}</span>
                  {!p.isPublic && <Badge variant="outline">{t("hidden")}</Badge>}
                </div>
              </TableCell>
              <TableCell className="hidden text-center tabular-nums md:table-cell">
                {p.users} · {p.connections} · {p.queues}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="plan-value">
                {formatBRL(p.value)}
                <span className="text-xs text-muted-foreground">{t("perMonth")}</span>
              </TableCell>
              <TableCell className="hidden text-center sm:table-cell">
                <Badge
                  variant={off.length ? "outline" : "secondary"}
                  title={PLAN_FLAGS.map((f) => `${p[f] ? "✓" : "✗"} ${t(`flags.${f}`)}`).join("\n")}
                  data-testid="plan-features"
                >
                  {t("featuresCount", { on: on.length, total: PLAN_FLAGS.length })}
                </Badge>
              </TableCell>
              <TableCell className="pr-4">
                <RowActions
                  edit={{ label: t("buttons.edit"), testId: "edit-plan", onClick: () => openDialog(p) }}
                  remove={{ label: t("buttons.delete"), testId: "delete-plan", onClick: () => del.ask(p) }}
                />
              </TableCell>
            </TableRow>
          );
        }}
      />

      {dialog && (
        <PlanDialog
          key={dialog.key}
          plan={dialog.plan}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            setPlans((list) => {
              const rest = (list ?? []).filter((x) => x.id !== saved.id);
              return [...rest, saved].sort((a, b) => a.value - b.value || a.name.localeCompare(b.name));
            });
          }}
        />
      )}
      <ConfirmDialog
        {...del.dialog}
        title={t("confirm.deleteTitle", { name: del.row?.name ?? "" })}
        message={t("confirm.deleteMessage")}
        confirmLabel={t("confirm.delete")}
        testId="confirm-dialog"
      />
    </ListScreen>
  );
}
