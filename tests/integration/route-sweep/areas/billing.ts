import type { SweepArea } from "./types";

// The billing routes of issue 13 (fixtures added with each route).
export const billingArea: SweepArea = {
  publicRoutes: [],
  fixtures: {},
};
