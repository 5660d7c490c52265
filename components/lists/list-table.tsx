"use client";

import type { LucideIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

export type ListColumn = { label: React.ReactNode; className?: string };

type Props<T> = {
  testId: string;
  /** classes of the <table>, e.g. "table-fixed" */
  className?: string;
  /** the header row, one entry a column; the placeholder and empty rows span them all */
  columns: ListColumn[];
  rows: T[];
  /** one TableRow (with its key) per row */
  renderRow: (row: T) => React.ReactNode;
  /** a page is loading: placeholder rows follow the rows and the empty row waits */
  loading?: boolean;
  /** the cells of one placeholder row; by default one bar across every column */
  loadingCells?: React.ReactNode;
  /** what the empty row says */
  empty: React.ReactNode;
  /** an icon over the empty text (the row is then a little taller) */
  emptyIcon?: LucideIcon;
  emptyTestId?: string;
  emptyClassName?: string;
};

const LOADING_ROWS = 3;

/** The table of a list screen: a card with the header row, the rows, placeholder rows while loading and an empty row. */
export function ListTable<T>({ testId, className, columns, rows, renderRow, loading, loadingCells, empty, emptyIcon: EmptyIcon, emptyTestId, emptyClassName }: Props<T>) {
  return (
    <div className="rounded-xl border bg-card">
      <Table data-testid={testId} className={className}>
        <TableHeader>
          <TableRow>
            {columns.map((column, i) => (
              <TableHead key={i} className={column.className}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map(renderRow)}
          {loading &&
            Array.from({ length: LOADING_ROWS }, (_, i) => (
              <TableRow key={`s${i}`}>
                {loadingCells ?? (
                  <TableCell colSpan={columns.length} className="px-4">
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                )}
              </TableRow>
            ))}
          {!loading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} className={cn(EmptyIcon ? "py-14" : "py-12", "text-center text-muted-foreground", emptyClassName)} data-testid={emptyTestId}>
                {EmptyIcon && <EmptyIcon className="mx-auto mb-3 size-8 opacity-60" aria-hidden />}
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
