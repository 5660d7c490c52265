"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

/**
 * The list screens' delete: ask with a confirmation dialog, then DELETE the row, drop it from the
 * list and toast. The row is kept after closing so the dialog keeps its text while it fades out;
 * a failure toasts and keeps the dialog open (ConfirmDialog's contract). With `failedTitle` (the
 * super admin tabs: admin §8 'Não foi possível realizar a operação') the failure toast carries it
 * as its title and the server's reason below it.
 */
export function useRowDelete<T extends { id: number }>(opts: {
  path: (row: T) => string;
  onDeleted: (row: T) => void;
  deletedTitle: string;
  failedTitle?: string;
}) {
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<{ row: T; open: boolean } | null>(null);
  const remove = async (row: T) => {
    try {
      await api(opts.path(row), { method: "DELETE" });
      opts.onDeleted(row);
      toast({ variant: "success", title: opts.deletedTitle });
    } catch (err) {
      if (opts.failedTitle) toast({ variant: "error", title: opts.failedTitle, description: errorMessage(err) });
      else toast({ variant: "error", title: errorMessage(err) });
      throw err;
    }
  };
  return {
    row: state?.row ?? null,
    ask: (row: T) => setState({ row, open: true }),
    dialog: {
      open: Boolean(state?.open),
      onOpenChange: (open: boolean) => !open && setState((s) => s && { ...s, open: false }),
      onConfirm: async () => {
        if (state) await remove(state.row);
      },
    },
  };
}
