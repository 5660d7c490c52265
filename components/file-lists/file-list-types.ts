import type { FileListOptionView } from "@/lib/file-lists/file-list-view";

/** A row of /files (GET /api/files). */
export type FileListRow = { id: number; name: string; message: string };

/** GET /api/files/{id}: the list with its options. */
export type FileListDetail = FileListRow & { options: FileListOptionView[] };

/** `file` events on the company's admins channel. */
export type FileListEvent = { action: "create" | "update"; record: FileListRow } | { action: "delete"; id: number };
