import type { SweepArea } from "./types";

// The admin routes of issue 13 (fixtures added with each route).
export const adminArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
