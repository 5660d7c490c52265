import type { SweepArea } from "./types";

// The external API's OpenAPI document (issue 14 §3): public, nothing to seed.
export const openapiArea: SweepArea = {
  publicRoutes: ["GET /api/openapi.json"],
  fixtures: { "GET /api/openapi.json": { build: () => ({}) } },
};
