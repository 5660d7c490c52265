"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

type Texts = { deleted: string; deleteFailed: string };

/**
 * The super admin tabs' delete: a confirmation dialog, then DELETE, drop the row and toast. The
 * spec's toasts (admin §8): 'Operação realizada com sucesso!', or 'Não foi possível realizar a
 * operação' with the reason the server gave (a plan in use, the platform's own company) below it.
 */
export function useAdminDelete<T extends { id: number }>(opts: { path: (row: T) => string; onDeleted: (row: T) => void; texts: Texts }) {
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<{ row: T; open: boolean } | null>(null);
  return {
    row: state?.row ?? null,
    ask: (row: T) => setState({ row, open: true }),
    dialog: {
      open: Boolean(state?.open),
      onOpenChange: (open: boolean) => !open && setState((s) => s && { ...s, open: false }),
      onConfirm: async () => {
        if (!state) return;
        try {
          await api(opts.path(state.row), { method: "DELETE" });
        } catch (err) {
          toast({ variant: "error", title: opts.texts.deleteFailed, description: err instanceof ApiError ? errorMessage(err) : undefined });
          throw err;
        }
        opts.onDeleted(state.row);
        toast({ variant: "success", title: opts.texts.deleted });
      },
    },
  };
}

/** The spec's save-failure toast (admin §8), with the server's reason below it and its field issues on the form. */
export function useSaveFailure() {
  const errorMessage = useErrorMessage();
  return (err: unknown, title: string, setFieldError?: (path: string, message: string) => void) => {
    const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
    issues?.forEach((i) => setFieldError?.(i.path, i.message));
    toast({ variant: "error", title, description: err instanceof ApiError && !issues?.length ? errorMessage(err) : undefined });
  };
}
