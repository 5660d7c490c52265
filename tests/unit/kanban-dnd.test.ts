import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { laneCoordinates } from "@/components/kanban/kanban-dnd";

// Keyboard moves on the board jump a whole lane per arrow press (dnd-kit's default moves 25 px).
const rect = (left: number, width = 288) => ({ left, width, top: 100, height: 600, right: left + width, bottom: 700 });
const lanes = new Map([
  ["lane-open", rect(0)],
  ["lane-7", rect(300)],
  ["lane-9", rect(600)],
]);
type Args = Parameters<KeyboardCoordinateGetter>[1];
const press = (code: string, cardLeft: number) => {
  let prevented = false;
  const event = { code, preventDefault: () => void (prevented = true) } as unknown as KeyboardEvent;
  const card = { left: cardLeft, width: 270, top: 150, height: 120, right: cardLeft + 270, bottom: 270 };
  const args = { active: "card-1-open", currentCoordinates: { x: cardLeft, y: 150 }, context: { collisionRect: card, droppableRects: lanes } } as unknown as Args;
  return { to: laneCoordinates(event, args), prevented };
};

describe("laneCoordinates", () => {
  it("puts the card over the middle of the next or previous lane, keeping its height", () => {
    expect(press("ArrowRight", 9)).toEqual({ to: { x: 309, y: 150 }, prevented: true });
    expect(press("ArrowRight", 309).to).toEqual({ x: 609, y: 150 });
    expect(press("ArrowLeft", 609).to).toEqual({ x: 309, y: 150 });
  });

  it("stays at the ends and ignores up, down and other keys", () => {
    expect(press("ArrowLeft", 9).to).toBeUndefined();
    expect(press("ArrowRight", 609).to).toBeUndefined();
    expect(press("ArrowDown", 9)).toEqual({ to: undefined, prevented: false });
    expect(press("KeyA", 9).to).toBeUndefined();
  });
});
