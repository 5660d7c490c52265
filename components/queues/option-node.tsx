"use client";

import { ChevronRight, ListPlus, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { QueueOptionNode, QueueOptionRow } from "@/lib/queues/build-option-tree";
import { cn } from "@/lib/utils";
import { OptionForm } from "./option-form";

/** What the tree editor is doing: nothing, editing an option, or adding one under a parent (null: a root). */
export type Editing = { kind: "edit"; id: number } | { kind: "add"; parentId: number | null } | null;

export type TreeActions = {
  queueId: number;
  editing: Editing;
  setEditing: (e: Editing) => void;
  onSaved: (row: QueueOptionRow) => void;
  onDelete: (node: QueueOptionNode) => void;
};

/** The number a new option of a level gets: one past the highest there. */
export const nextNumber = (level: QueueOptionNode[]) => String(Math.min(999, Math.max(0, ...level.map((n) => Number(n.option) || 0)) + 1));

/** One level of the tree, with the add form at its end when an option is being added there. */
export function OptionLevel({ nodes, parentId, actions }: { nodes: QueueOptionNode[]; parentId: number | null; actions: TreeActions }) {
  const adding = actions.editing?.kind === "add" && actions.editing.parentId === parentId;
  return (
    <ul className="space-y-2" role={parentId === null ? "tree" : "group"}>
      {nodes.map((node) => (
        <OptionItem key={node.id} node={node} actions={actions} />
      ))}
      {adding && (
        <li>
          <OptionForm
            queueId={actions.queueId}
            target={{ parentId, nextNumber: nextNumber(nodes) }}
            onDone={actions.onSaved}
            onCancel={() => actions.setEditing(null)}
          />
        </li>
      )}
    </ul>
  );
}

function OptionItem({ node, actions }: { node: QueueOptionNode; actions: TreeActions }) {
  const t = useTranslations("queues.options");
  const [open, setOpen] = useState(true);
  const { editing, setEditing } = actions;
  const isEditing = editing?.kind === "edit" && editing.id === node.id;
  const addingHere = editing?.kind === "add" && editing.parentId === node.id;
  const hasChildren = node.children.length > 0 || addingHere;
  const expanded = open || addingHere;

  return (
    <li role="treeitem" aria-expanded={hasChildren ? expanded : undefined} aria-selected={false} data-testid={`option-${node.id}`}>
      {isEditing ? (
        <OptionForm queueId={actions.queueId} target={{ option: node }} onDone={actions.onSaved} onCancel={() => setEditing(null)} />
      ) : (
        <div className="group flex items-start gap-2 rounded-lg border bg-background px-2 py-2 transition-colors hover:border-primary/40 sm:px-3">
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            disabled={!hasChildren}
            aria-label={expanded ? t("collapse") : t("expand")}
            className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:invisible"
          >
            <ChevronRight className={cn("size-4 transition-transform", expanded && "rotate-90")} aria-hidden />
          </button>
          <span
            className="mt-0.5 flex h-6 min-w-6 shrink-0 items-center justify-center rounded-md bg-primary/10 px-1.5 font-mono text-xs font-semibold text-primary tabular-nums"
            data-testid="option-number"
          >
            {node.option}
          </span>
          <div className="min-w-0 flex-1 py-0.5">
            <p className="truncate text-sm font-medium" data-testid="option-title">
              {node.title}
            </p>
            {node.message ? (
              <p className="line-clamp-2 text-xs whitespace-pre-line text-muted-foreground">{node.message}</p>
            ) : (
              <p className="text-xs text-muted-foreground italic">{t("noMessage")}</p>
            )}
            {node.children.length > 0 && !expanded && (
              <p className="mt-1 text-xs text-muted-foreground">{t("childrenCount", { count: node.children.length })}</p>
            )}
          </div>
          <div className="-my-1 flex shrink-0 items-center">
            <TreeAction
              label={t("addChild")}
              onClick={() => {
                setOpen(true);
                setEditing({ kind: "add", parentId: node.id });
              }}
              testId="option-add-child"
            >
              <ListPlus />
            </TreeAction>
            <TreeAction label={t("edit")} onClick={() => setEditing({ kind: "edit", id: node.id })} testId="option-edit">
              <Pencil />
            </TreeAction>
            <TreeAction label={t("delete")} onClick={() => actions.onDelete(node)} testId="option-delete">
              <Trash2 />
            </TreeAction>
          </div>
        </div>
      )}
      {hasChildren && expanded && (
        <div className="mt-2 ml-3 border-l-2 border-border pl-3 sm:ml-5 sm:pl-4">
          <OptionLevel nodes={node.children} parentId={node.id} actions={actions} />
        </div>
      )}
    </li>
  );
}

/** An icon button of an option row, a little smaller on phones so the title keeps its room. */
function TreeAction({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button type="button" variant="ghost" size="icon" className="size-8 sm:size-9" onClick={onClick} aria-label={label} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
