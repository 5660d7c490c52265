import type { SweepArea } from "./types";

// The mail routes of issue 13 (fixtures added with each route).
export const mailArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
