"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { PromptRow } from "./prompt-types";

/**
 * Delete with a confirmation (ConfirmDialog's contract, as useRowDelete): the spec answers a
 * message text shown as info (admin §7), so the toast here is an info one.
 */
export function usePromptDelete(opts: { onDeleted: (row: PromptRow) => void; deletedTitle: string }) {
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<{ row: PromptRow; open: boolean } | null>(null);
  const remove = async (row: PromptRow) => {
    try {
      await api(`/api/prompt/${row.id}`, { method: "DELETE" });
      opts.onDeleted(row);
      toast({ variant: "info", title: opts.deletedTitle });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      throw err;
    }
  };
  return {
    row: state?.row ?? null,
    ask: (row: PromptRow) => setState({ row, open: true }),
    dialog: {
      open: Boolean(state?.open),
      onOpenChange: (open: boolean) => !open && setState((s) => s && { ...s, open: false }),
      onConfirm: async () => {
        if (state) await remove(state.row);
      },
    },
  };
}
