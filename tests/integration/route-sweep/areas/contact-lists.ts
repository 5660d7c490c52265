import type { SweepArea } from "./types";

// Contact lists and their items (issue 15 §1)
export const contactListsArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
