import { describe, expect, it } from "vitest";
import { addTask, editTask, formatTaskTime, parseTasks, removeTask, serializeTasks, TODO_STORAGE_KEY, type Task } from "@/components/todo/todo-store";

// The local to-do list (spec core §2, §5): add, edit, remove; blank text after trimming is ignored.
const t0 = new Date(2025, 2, 4, 9, 5);
const t1 = new Date(2025, 11, 31, 23, 59);

describe("to-do store", () => {
  it("is kept under the todolist key", () => {
    expect(TODO_STORAGE_KEY).toBe("todolist");
  });

  it("adds a trimmed task with its creation and update times", () => {
    const tasks = addTask([], "  Ligar para o cliente  ", t0, "a");
    expect(tasks).toEqual([{ id: "a", text: "Ligar para o cliente", createdAt: t0.toISOString(), updatedAt: t0.toISOString() }]);
    const more = addTask(tasks, "Enviar proposta", t1, "b");
    expect(more.map((t) => t.id)).toEqual(["a", "b"]);
    expect(tasks).toHaveLength(1); // never mutated
  });

  it("ignores blank text when adding", () => {
    const tasks: Task[] = [];
    expect(addTask(tasks, "")).toBe(tasks);
    expect(addTask(tasks, "   \n\t ")).toBe(tasks);
  });

  it("gives each new task its own id", () => {
    const tasks = addTask(addTask([], "um"), "dois");
    expect(new Set(tasks.map((t) => t.id)).size).toBe(2);
  });

  it("edits the text and moves updatedAt only", () => {
    const tasks = addTask(addTask([], "um", t0, "a"), "dois", t0, "b");
    const edited = editTask(tasks, "b", "  dois, revisto ", t1);
    expect(edited[1]).toEqual({ id: "b", text: "dois, revisto", createdAt: t0.toISOString(), updatedAt: t1.toISOString() });
    expect(edited[0]).toBe(tasks[0]);
  });

  it("ignores an edit to blank text, to the same text or of an unknown task", () => {
    const tasks = addTask([], "um", t0, "a");
    expect(editTask(tasks, "a", "  ", t1)).toBe(tasks);
    expect(editTask(tasks, "a", " um ", t1)).toBe(tasks);
    expect(editTask(tasks, "zz", "outro", t1)).toBe(tasks);
  });

  it("removes a task by id", () => {
    const tasks = addTask(addTask([], "um", t0, "a"), "dois", t0, "b");
    expect(removeTask(tasks, "a").map((t) => t.id)).toEqual(["b"]);
    expect(removeTask(tasks, "zz")).toBe(tasks);
  });

  it("reads back what it stored", () => {
    const tasks = addTask(addTask([], "um", t0, "a"), "dois", t1, "b");
    expect(parseTasks(serializeTasks(tasks))).toEqual(tasks);
  });

  it("survives anything found under the key", () => {
    expect(parseTasks(null)).toEqual([]);
    expect(parseTasks("not json")).toEqual([]);
    expect(parseTasks('{"a":1}')).toEqual([]);
    // the original app's shape, without ids, plus junk entries
    const raw = JSON.stringify([
      { text: "sem id", createdAt: t0.toISOString(), updatedAt: t1.toISOString() },
      null,
      { text: "   " },
      { text: 42 },
      { id: "x", text: "data ruim", createdAt: "ontem" },
      { id: "x", text: "id repetido", createdAt: t0.toISOString() },
    ]);
    const tasks = parseTasks(raw);
    expect(tasks.map((t) => t.text)).toEqual(["sem id", "data ruim", "id repetido"]);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(3);
    expect(tasks[0]).toMatchObject({ createdAt: t0.toISOString(), updatedAt: t1.toISOString() });
    expect(tasks[2].updatedAt).toBe(t0.toISOString());
  });

  it("formats times as dd/MM/yyyy HH:mm", () => {
    expect(formatTaskTime(t0.toISOString())).toBe("04/03/2025 09:05");
    expect(formatTaskTime(t1.toISOString())).toBe("31/12/2025 23:59");
    expect(formatTaskTime("nope")).toBe("");
  });
});
