import { KeyboardCode, pointerWithin, rectIntersection, type CollisionDetection, type KeyboardCoordinateGetter } from "@dnd-kit/core";

/** The pointer's lane when it is over one, else the lane the dragged card overlaps most (keyboard). */
export const laneCollision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/**
 * Keyboard moves jump a lane at a time: ←/→ put the card over the middle of the previous or next
 * lane (dnd-kit's default moves it 25 px a press). ↑/↓ do nothing: a lane keeps its order.
 */
export const laneCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const dir = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  const card = context.collisionRect;
  if (!dir || !card) return undefined;
  event.preventDefault();
  const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const center = card.left + card.width / 2;
  const here = lanes.findIndex((r) => center >= r.left && center <= r.left + r.width);
  const index = here === -1 ? (dir > 0 ? lanes.findIndex((r) => r.left > center) : lanes.findLastIndex((r) => r.left + r.width < center)) : here + dir;
  const target = lanes[index];
  if (!target) return undefined;
  return { x: target.left + (target.width - card.width) / 2, y: currentCoordinates.y };
};
