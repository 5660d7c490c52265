import { describe, expect, it, vi } from "vitest";
import { applyChange } from "@/components/lists/live-change";

type Row = { id: number; name: string };

function fakeList() {
  return { remove: vi.fn(), upsert: vi.fn(), reload: vi.fn() };
}

describe("applyChange", () => {
  it("removes the row by id", () => {
    const list = fakeList();
    applyChange<Row>(list, { remove: 7 });
    expect(list.remove).toHaveBeenCalledWith(7);
    expect(list.upsert).not.toHaveBeenCalled();
    expect(list.reload).not.toHaveBeenCalled();
  });

  it("merges the row's fields", () => {
    const list = fakeList();
    applyChange<Row>(list, { upsert: { id: 3, name: "b" } });
    expect(list.upsert).toHaveBeenCalledWith({ id: 3, name: "b" });
    expect(list.remove).not.toHaveBeenCalled();
    expect(list.reload).not.toHaveBeenCalled();
  });

  it("reads page 1 again on reload", () => {
    const list = fakeList();
    applyChange<Row>(list, "reload");
    expect(list.reload).toHaveBeenCalledTimes(1);
    expect(list.remove).not.toHaveBeenCalled();
    expect(list.upsert).not.toHaveBeenCalled();
  });

  it("does nothing for null", () => {
    const list = fakeList();
    applyChange<Row>(list, null);
    expect(list.remove).not.toHaveBeenCalled();
    expect(list.upsert).not.toHaveBeenCalled();
    expect(list.reload).not.toHaveBeenCalled();
  });
});
