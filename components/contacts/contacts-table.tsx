"use client";

import { Loader2, MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatPhone } from "@/lib/contacts/format-phone";
import { ContactAvatar } from "./contact-avatar";
import type { ContactListRow } from "./contact-types";

type Props = {
  rows: ContactListRow[];
  loading: boolean;
  canDelete: boolean;
  startingId: number | null;
  onStartTicket: (row: ContactListRow) => void;
  onEdit: (row: ContactListRow) => void;
  onDelete: (row: ContactListRow) => void;
};

const COLUMNS = 5;

/** spec core §2 Contacts page: avatar, name, WhatsApp number, email, actions. */
export function ContactsTable({ rows, loading, canDelete, startingId, onStartTicket, onEdit, onDelete }: Props) {
  const t = useTranslations("contacts");
  return (
    <div className="rounded-xl border bg-card">
      <Table data-testid="contacts-table">
        <TableHeader>
          <TableRow>
            <TableHead className="w-14 pl-4">
              <span className="sr-only">{t("table.avatar")}</span>
            </TableHead>
            <TableHead>{t("table.name")}</TableHead>
            <TableHead className="hidden sm:table-cell">{t("table.whatsapp")}</TableHead>
            <TableHead className="hidden md:table-cell">{t("table.email")}</TableHead>
            <TableHead className="w-32 pr-4 text-right">{t("table.actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} data-testid={`contact-row-${c.id}`} data-number={c.number}>
              <TableCell className="pl-4">
                <ContactAvatar name={c.name} url={c.profilePicUrl} isGroup={c.isGroup} />
              </TableCell>
              <TableCell className="max-w-0 w-full sm:max-w-xs sm:w-auto">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium" data-testid="contact-name-cell">
                    {c.name}
                  </span>
                  {c.isGroup && <Badge variant="secondary">{t("table.group")}</Badge>}
                </div>
                {/* narrow screens: the hidden columns move under the name */}
                <div className="truncate text-xs text-muted-foreground tabular-nums sm:hidden">{formatPhone(c.number, c.isGroup)}</div>
                {c.email && <div className="truncate text-xs text-muted-foreground md:hidden">{c.email}</div>}
              </TableCell>
              <TableCell className="hidden tabular-nums sm:table-cell" data-testid="contact-number-cell">
                {formatPhone(c.number, c.isGroup)}
              </TableCell>
              <TableCell className="hidden max-w-64 truncate text-muted-foreground md:table-cell">{c.email}</TableCell>
              <TableCell className="pr-4">
                <div className="flex justify-end">
                  <IconAction label={t("buttons.startTicket")} onClick={() => onStartTicket(c)} disabled={startingId !== null} testId="contact-start-ticket">
                    {startingId === c.id ? <Loader2 className="animate-spin" /> : <MessageSquarePlus />}
                  </IconAction>
                  <IconAction label={t("buttons.edit")} onClick={() => onEdit(c)} testId="contact-edit">
                    <Pencil />
                  </IconAction>
                  {canDelete && (
                    <IconAction label={t("buttons.delete")} onClick={() => onDelete(c)} testId="contact-delete" destructive>
                      <Trash2 />
                    </IconAction>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
          {loading &&
            Array.from({ length: 3 }, (_, i) => (
              <TableRow key={`s${i}`}>
                <TableCell className="pl-4">
                  <Skeleton className="size-9 rounded-full" />
                </TableCell>
                <TableCell colSpan={COLUMNS - 1}>
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              </TableRow>
            ))}
          {!loading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS} className="py-12 text-center text-muted-foreground" data-testid="contacts-empty">
                {t("empty")}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

type ActionProps = { label: string; onClick: () => void; testId: string; disabled?: boolean; destructive?: boolean; children: React.ReactNode };

function IconAction({ label, onClick, testId, disabled, destructive, children }: ActionProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClick}
          disabled={disabled}
          aria-label={label}
          className={destructive ? "text-muted-foreground hover:text-destructive" : "text-muted-foreground hover:text-foreground"}
          data-testid={testId}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
