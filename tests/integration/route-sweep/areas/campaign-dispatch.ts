import type { SweepArea } from "./types";

// Campaign cancel and restart (issue 15 §4)
export const campaignDispatchArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
