"use client";

import { useState } from "react";
import type { LaneTag } from "./board-types";
import type { TagEvent } from "./board-channels";

const byName = (a: LaneTag, b: LaneTag) => a.name.localeCompare(b.name) || a.id - b.id;

/** The lanes after 'Em aberto': the kanban tags, kept live by `tag` events (a tag made or unmade a lane, renamed, recoloured, deleted). */
export function lanesAfter(lanes: LaneTag[], e: TagEvent): LaneTag[] {
  if (e.action === "delete") return lanes.some((l) => l.id === e.tagId) ? lanes.filter((l) => l.id !== e.tagId) : lanes;
  const known = lanes.find((l) => l.id === e.tag.id);
  if (e.tag.kanban !== 1) return known ? lanes.filter((l) => l.id !== e.tag.id) : lanes;
  if (known && known.name === e.tag.name && known.color === e.tag.color) return lanes;
  return [...lanes.filter((l) => l.id !== e.tag.id), e.tag].sort(byName);
}

export function useLanes(initial: LaneTag[]) {
  const [lanes, setLanes] = useState(initial);
  return { lanes, onTag: (e: TagEvent) => setLanes((l) => lanesAfter(l, e)) };
}
