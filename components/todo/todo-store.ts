// The local to-do list (spec core §2 "Local to-do page"): browser storage only, no server calls.
// Pure functions over the task array, so the page and the tests share one set of rules.

export const TODO_STORAGE_KEY = "todolist";

export type Task = { id: string; text: string; createdAt: string; updatedAt: string };

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A new task at the end; blank text (after trimming) changes nothing. */
export function addTask(tasks: Task[], text: string, now: Date = new Date(), id: string = newId()): Task[] {
  const clean = text.trim();
  if (!clean) return tasks;
  const at = now.toISOString();
  return [...tasks, { id, text: clean, createdAt: at, updatedAt: at }];
}

/** New text for a task (its updatedAt moves); blank text, the same text or an unknown id change nothing. */
export function editTask(tasks: Task[], id: string, text: string, now: Date = new Date()): Task[] {
  const clean = text.trim();
  const current = tasks.find((t) => t.id === id);
  if (!clean || !current || current.text === clean) return tasks;
  return tasks.map((t) => (t.id === id ? { ...t, text: clean, updatedAt: now.toISOString() } : t));
}

export function removeTask(tasks: Task[], id: string): Task[] {
  return tasks.some((t) => t.id === id) ? tasks.filter((t) => t.id !== id) : tasks;
}

const isDate = (v: unknown): v is string => typeof v === "string" && !Number.isNaN(Date.parse(v));

/**
 * The stored list, tolerant of anything found under the key: bad JSON or foreign entries are
 * dropped, and the `{ text, createdAt, updatedAt }` shape without ids gets ids.
 */
export function parseTasks(raw: string | null): Task[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const tasks: Task[] = [];
  data.forEach((item, i) => {
    if (!item || typeof item !== "object") return;
    const { id, text, createdAt, updatedAt } = item as Record<string, unknown>;
    if (typeof text !== "string" || !text.trim()) return;
    const created = isDate(createdAt) ? new Date(createdAt).toISOString() : new Date(0).toISOString();
    let key = typeof id === "string" && id ? id : `task-${i}`;
    if (seen.has(key)) key = `${key}-${i}`;
    seen.add(key);
    tasks.push({ id: key, text: text.trim(), createdAt: created, updatedAt: isDate(updatedAt) ? new Date(updatedAt).toISOString() : created });
  });
  return tasks;
}

export const serializeTasks = (tasks: Task[]) => JSON.stringify(tasks);

const pad = (n: number) => String(n).padStart(2, "0");

/** dd/MM/yyyy HH:mm in the browser's time zone (spec core §9 date formats). */
export function formatTaskTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
