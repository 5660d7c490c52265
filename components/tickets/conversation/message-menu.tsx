"use client";

import { ChevronDown, Reply, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

type Props = { canDelete: boolean; onReply: () => void; onDelete: () => void; align: "start" | "end" };

/** The bubble's menu (spec core §2): reply, and delete for own messages. Shown on hover or focus. */
export function MessageMenu({ canDelete, onReply, onDelete, align }: Props) {
  const t = useTranslations("tickets.conversation");
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-0.5 right-0.5 size-6 rounded-full bg-inherit opacity-0 shadow-none transition-opacity group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-60"
          aria-label={t("messageMenu")}
          data-testid="message-menu"
        >
          <ChevronDown className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        <DropdownMenuItem onSelect={onReply} data-testid="message-reply">
          <Reply aria-hidden />
          {t("reply")}
        </DropdownMenuItem>
        {canDelete && (
          <DropdownMenuItem variant="destructive" onSelect={onDelete} data-testid="message-delete">
            <Trash2 aria-hidden />
            {t("delete")}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
