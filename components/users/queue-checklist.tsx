"use client";

type QueueOption = { id: number; name: string; color: string };

type Props = { queues: QueueOption[]; value: number[]; onChange: (ids: number[]) => void; emptyText: string };

/** The queues a user attends: a checkbox per company queue, with the queue's colour. */
export function QueueChecklist({ queues, value, onChange, emptyText }: Props) {
  if (!queues.length) {
    return (
      <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground" data-testid="field-queueIds">
        {emptyText}
      </p>
    );
  }
  const selected = new Set(value);
  // keeps the company's queue order whatever the click order was
  const toggle = (id: number, on: boolean) => onChange(queues.filter((q) => (q.id === id ? on : selected.has(q.id))).map((q) => q.id));
  return (
    <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2" data-testid="field-queueIds">
      {queues.map((q) => (
        <label
          key={q.id}
          className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={selected.has(q.id)}
            onChange={(e) => toggle(q.id, e.target.checked)}
            data-testid={`queue-option-${q.id}`}
          />
          <span className="size-3 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20" style={{ backgroundColor: q.color }} aria-hidden />
          <span className="truncate">{q.name}</span>
        </label>
      ))}
    </div>
  );
}
