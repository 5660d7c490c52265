import type { SweepArea } from "./types";

// Campaigns and campaign settings (issue 15 §3)
export const campaignsArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
