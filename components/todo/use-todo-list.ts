"use client";

import { useCallback, useSyncExternalStore } from "react";
import { parseTasks, serializeTasks, TODO_STORAGE_KEY, type Task } from "./todo-store";

const EMPTY: Task[] = [];
const listeners = new Set<() => void>();
// parsed once per stored string, so the snapshot keeps its identity between renders
let cache: { raw: string | null; tasks: Task[] } = { raw: null, tasks: EMPTY };

function read(): Task[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(TODO_STORAGE_KEY);
  } catch {
    return cache.tasks; // storage disabled: keep what this page holds
  }
  if (raw !== cache.raw) cache = { raw, tasks: parseTasks(raw) };
  return cache.tasks;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab changed the list
  const onStorage = (e: StorageEvent) => (e.key === TODO_STORAGE_KEY || e.key === null) && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function write(tasks: Task[]) {
  const raw = serializeTasks(tasks);
  cache = { raw, tasks };
  try {
    localStorage.setItem(TODO_STORAGE_KEY, raw);
  } catch {
    // full or disabled storage: the list still works for this visit
  }
  listeners.forEach((l) => l());
}

/** The tasks kept in this browser, and a way to change them with the pure functions of todo-store. */
export function useTodoList() {
  const tasks = useSyncExternalStore(subscribe, read, () => EMPTY);
  const update = useCallback((change: (tasks: Task[]) => Task[]) => {
    const current = read();
    const next = change(current);
    if (next !== current) write(next);
  }, []);
  return { tasks, update };
}
