import type { SweepArea } from "./types";

// File lists (issue 15 §2)
export const fileListsArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
