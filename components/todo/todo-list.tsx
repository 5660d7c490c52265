"use client";

import { ClipboardList, Plus, Save, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState, useSyncExternalStore } from "react";
import { RowActions } from "@/components/lists/row-action";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { addTask, editTask, formatTaskTime, removeTask, type Task } from "./todo-store";
import { useTodoList } from "./use-todo-list";

const noop = () => () => {};

/** The local to-do page (spec core §2): add with Enter or the button, edit (the button reads Salvar), remove. */
export function TodoList() {
  const t = useTranslations("todo");
  const { tasks, update } = useTodoList();
  // the list lives in this browser: the server renders a placeholder, never an empty list
  const ready = useSyncExternalStore(noop, () => true, () => false);
  const [text, setText] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editing = editingId ? tasks.find((task) => task.id === editingId) : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // spec: blank text (after trimming) is ignored
    if (!text.trim()) return;
    if (editing) update((all) => editTask(all, editing.id, text));
    else update((all) => addTask(all, text));
    setText("");
    setEditingId(null);
    inputRef.current?.focus();
  };

  const startEdit = (task: Task) => {
    setEditingId(task.id);
    setText(task.text);
    inputRef.current?.focus();
  };

  const cancelEdit = () => {
    setEditingId(null);
    setText("");
  };

  const remove = (task: Task) => {
    if (task.id === editingId) cancelEdit();
    update((all) => removeTask(all, task.id));
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")}>
        {ready && tasks.length > 0 && (
          <Badge variant="secondary" data-testid="todo-count">
            {t("count", { count: tasks.length })}
          </Badge>
        )}
      </PageHeader>

      <form onSubmit={submit} className="mb-6 rounded-xl border bg-card p-4 shadow-xs" data-testid="todo-form">
        <label htmlFor="todo-input" className="mb-2 block text-sm font-medium">
          {editing ? t("editLabel") : t("newLabel")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="todo-input"
            ref={inputRef}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === "Escape" && editing && cancelEdit()}
            placeholder={t("placeholder")}
            maxLength={1000}
            autoComplete="off"
            data-testid="todo-input"
          />
          <div className="flex gap-2">
            {editing && (
              <Button type="button" variant="outline" onClick={cancelEdit} className="flex-1 sm:flex-none" data-testid="todo-cancel">
                <X aria-hidden />
                {t("cancel")}
              </Button>
            )}
            <Button type="submit" disabled={!text.trim()} className="flex-1 sm:flex-none" data-testid="todo-submit">
              {editing ? <Save aria-hidden /> : <Plus aria-hidden />}
              {editing ? t("save") : t("add")}
            </Button>
          </div>
        </div>
      </form>

      {!ready ? (
        <div className="space-y-3" aria-hidden>
          <Skeleton className="h-20 w-full rounded-xl" />
          <Skeleton className="h-20 w-full rounded-xl" />
        </div>
      ) : tasks.length === 0 ? (
        <div className="flex flex-col items-center justify-center rounded-xl border border-dashed bg-card px-6 py-16 text-center" data-testid="todo-empty">
          <ClipboardList className="mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t("emptyTitle")}</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t("emptyText")}</p>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="todo-list">
          {tasks.map((task) => (
            <li
              key={task.id}
              className={cn(
                "flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors",
                task.id === editingId && "border-primary ring-2 ring-primary/20",
              )}
              data-testid="todo-item"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="todo-text">
                  {task.text}
                </p>
                <p className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground tabular-nums">
                  <span data-testid="todo-created">{t("createdAt", { date: formatTaskTime(task.createdAt) })}</span>
                  <span data-testid="todo-updated">{t("updatedAt", { date: formatTaskTime(task.updatedAt) })}</span>
                </p>
              </div>
              <RowActions
                className="-my-1 -mr-1 flex shrink-0"
                edit={{ label: t("edit"), testId: "todo-edit", onClick: () => startEdit(task) }}
                remove={{ label: t("remove"), testId: "todo-delete", onClick: () => remove(task) }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
