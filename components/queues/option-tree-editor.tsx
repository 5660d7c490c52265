"use client";

import { ListTree, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { buildOptionTree, countDescendants, type QueueOptionNode, type QueueOptionRow } from "@/lib/queues/build-option-tree";
import { OptionLevel, type Editing, type TreeActions } from "./option-node";

// kept after closing, so the confirmation does not change its text while it fades out
type Confirm = { node: QueueOptionNode; open: boolean } | null;

/**
 * The chatbot's option tree of a saved queue (admin §2.3): roots and nested children, each with its
 * number, title and message; add, edit inline and delete (with everything below). Each change is
 * saved at once through /api/queue-options.
 */
export function OptionTreeEditor({ queueId }: { queueId: number }) {
  const t = useTranslations("queues.options");
  const errorMessage = useErrorMessage();
  const [rows, setRows] = useState<QueueOptionRow[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const tree = useMemo(() => buildOptionTree(rows ?? []), [rows]);

  const fetchRows = useCallback(() => api<QueueOptionRow[]>(`/api/queue-options?queueId=${queueId}`), [queueId]);
  const showError = (err: unknown) => toast({ variant: "error", title: errorMessage(err) });

  useEffect(() => {
    let live = true;
    fetchRows()
      .then((data) => live && setRows(data))
      .catch((err) => {
        if (!live) return;
        showError(err);
        setRows([]);
      });
    return () => {
      live = false;
    };
    // fetched once per queue; showError is a fresh function each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetchRows]);

  const actions: TreeActions = {
    queueId,
    editing,
    setEditing,
    onSaved: (row) => {
      setRows((prev) => (prev ?? []).filter((r) => r.id !== row.id).concat(row));
      setEditing(null);
      toast({ variant: "success", title: t("saved") });
    },
    onDelete: (node) => setConfirm({ node, open: true }),
  };

  const deleteNode = async (node: QueueOptionNode) => {
    try {
      await api(`/api/queue-options/${node.id}`, { method: "DELETE" });
      toast({ variant: "success", title: t("deleted") });
      if (editing) setEditing(null);
    } catch (err) {
      showError(err);
      throw err;
    }
    // the children went with it: the server has the tree as it is now
    setRows(await fetchRows().catch(() => (rows ?? []).filter((r) => r.id !== node.id)));
  };

  const below = confirm ? countDescendants(confirm.node) : 0;

  return (
    <div className="space-y-4" data-testid="option-tree">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <h3 className="text-sm font-semibold">{t("heading")}</h3>
          <p className="text-xs text-muted-foreground">{t("description")}</p>
        </div>
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing({ kind: "add", parentId: null })} data-testid="option-add-root">
          <Plus aria-hidden />
          {t("addRoot")}
        </Button>
      </div>

      {rows === null ? (
        <div className="space-y-2" role="status" aria-label={t("loading")}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full rounded-lg" />
          ))}
        </div>
      ) : tree.length === 0 && editing?.kind !== "add" ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
          <ListTree className="mb-3 size-8 text-muted-foreground opacity-60" aria-hidden />
          <p className="text-sm font-medium">{t("empty")}</p>
          <p className="mt-1 max-w-sm text-xs text-muted-foreground">{t("emptyHint")}</p>
        </div>
      ) : (
        <OptionLevel nodes={tree} parentId={null} actions={actions} />
      )}

      <ConfirmDialog
        open={Boolean(confirm?.open)}
        onOpenChange={(o) => !o && setConfirm((c) => c && { ...c, open: false })}
        title={t("deleteTitle", { title: confirm?.node.title ?? "" })}
        message={below ? t("deleteWithChildren", { count: below }) : t("deleteMessage")}
        confirmLabel={t("delete")}
        onConfirm={async () => {
          if (confirm) await deleteNode(confirm.node);
        }}
        testId="option-confirm-dialog"
      />
    </div>
  );
}
