"use client";

import { List, MessageSquareText } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";

type Pane = "ticket" | "list";
const TICKET_PATH = /^\/tickets\/[^/]+$/;

/**
 * The ticket manager's frame (spec core §2): on wide screens the list takes the left third and the
 * conversation the rest; on narrow ones two tabs, "Ticket" and "Atendimentos". It lives in the
 * tickets layout, so the list keeps its tabs, filters and scroll while tickets are opened.
 */
export function TicketsWorkspace({ list, children }: { list: React.ReactNode; children: React.ReactNode }) {
  const t = useTranslations("tickets.workspace");
  const pathname = usePathname();
  const hasTicket = TICKET_PATH.test(pathname);
  const [pane, setPane] = useState<Pane>(hasTicket ? "ticket" : "list");
  const [seenPath, setSeenPath] = useState(pathname);
  // opening a ticket (or leaving one) shows it on a narrow screen
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setPane(hasTicket ? "ticket" : "list");
  }

  return (
    // the page fills the space under the top bar, edge to edge (the shell pads other pages)
    <div className="-m-4 flex h-[calc(100dvh-4rem)] flex-col overflow-hidden sm:-m-6 md:flex-row" data-testid="tickets-workspace">
      <Tabs value={pane} onValueChange={(v) => setPane(v as Pane)} className="border-b bg-card p-2 md:hidden">
        <TabsList className="w-full">
          <TabsTrigger value="ticket" aria-controls={undefined} data-testid="tickets-pane-ticket">
            <MessageSquareText aria-hidden />
            {t("ticket")}
          </TabsTrigger>
          <TabsTrigger value="list" aria-controls={undefined} data-testid="tickets-pane-list">
            <List aria-hidden />
            {t("list")}
          </TabsTrigger>
        </TabsList>
      </Tabs>
      <section
        aria-label={t("list")}
        className={cn(
          "min-h-0 flex-1 flex-col md:flex md:w-1/3 md:max-w-[30rem] md:min-w-[21rem] md:flex-none md:border-r",
          pane === "list" ? "flex" : "hidden",
        )}
      >
        {list}
      </section>
      <section aria-label={t("ticket")} className={cn("min-h-0 min-w-0 flex-1 flex-col bg-background md:flex", pane === "ticket" ? "flex" : "hidden")}>
        {children}
      </section>
    </div>
  );
}
