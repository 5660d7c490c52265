"use client";

import { useState } from "react";

/**
 * The add/edit dialog of a list screen: `dialog.row` is the row (or its id) being edited, null for a
 * new one; each `open` gets a new `key` so the dialog mounts fresh. null: the dialog is closed.
 */
export function useEditDialog<T>() {
  const [dialog, setDialog] = useState<{ key: number; row: T | null } | null>(null);
  return {
    dialog,
    open: (row: T | null) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, row })),
    close: () => setDialog(null),
  };
}
