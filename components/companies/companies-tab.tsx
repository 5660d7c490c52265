"use client";

import { Building2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { ListTable } from "@/components/lists/list-table";
import { usePagedList } from "@/components/lists/use-paged-list";
import { ListScreen } from "@/components/lists/list-screen";
import { useRowDelete } from "@/components/lists/use-row-delete";
import { useSaveFailure } from "@/components/settings/use-save-failure";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { CompanyDialog } from "./company-dialog";
import { CompanyRowView } from "./company-row";
import type { CompanyRow } from "./company-types";

/** Settings › Companies (admin §2.4, super users): search, add, edit, delete and renew companies. */
export function CompaniesTab() {
  const t = useTranslations("companies");
  const list = usePagedList<CompanyRow>({ url: "/api/companies", key: "companies" });
  const [dialog, setDialog] = useState<{ key: number; companyId: number | null } | null>(null);
  const [renewing, setRenewing] = useState<number | null>(null);
  const saveFailure = useSaveFailure();
  const del = useRowDelete<CompanyRow>({
    path: (c) => `/api/companies/${c.id}`,
    onDeleted: (c) => list.remove(c.id),
    deletedTitle: t("toasts.deleted"),
    failedTitle: t("toasts.deleteFailed"),
  });

  const openDialog = (companyId: number | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, companyId }));
  const renew = async (c: CompanyRow) => {
    setRenewing(c.id);
    try {
      list.upsert(await api<CompanyRow>(`/api/companies/${c.id}/renew`, { method: "POST" }));
      toast({ variant: "success", title: t("toasts.updated") });
    } catch (err) {
      saveFailure(err, t("toasts.saveFailed"));
    } finally {
      setRenewing(null);
    }
  };

  return (
    <ListScreen
      as="section"
      title={t("title")}
      add={{ label: t("buttons.add"), testId: "add-company", onClick: () => openDialog(null) }}
      search={{ value: list.search, onChange: list.setSearch, label: t("search"), testId: "companies-search" }}
      paging={list}
    >
      <ListTable
        testId="companies-table"
        className="table-fixed"
        columns={[
          { label: t("table.name"), className: "pl-4" },
          { label: t("table.plan"), className: "hidden w-40 md:table-cell" },
          { label: t("table.status"), className: "hidden w-28 sm:table-cell" },
          { label: t("table.dueDate"), className: "w-36" },
          { label: t("table.actions"), className: "w-56 pr-4 text-right" },
        ]}
        rows={list.items}
        loading={list.loading}
        empty={list.search.trim() ? t("noResults") : t("empty")}
        emptyIcon={Building2}
        renderRow={(c) => (
          <CompanyRowView
            key={c.id}
            company={c}
            renewing={renewing === c.id}
            onEdit={() => openDialog(c.id)}
            onDelete={() => del.ask(c)}
            onRenew={() => void renew(c)}
          />
        )}
      />

      {dialog && (
        <CompanyDialog
          key={dialog.key}
          companyId={dialog.companyId}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (dialog.companyId) list.upsert(saved);
            else list.reload();
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
