import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";

/**
 * One area's part of the sweep, in its own file so areas grow without touching each other:
 * routes a caller without a session may use, the fixture of each route x method, and the rows
 * its fixtures need in each company (returned into `Resources.extra`, keys prefixed by the area).
 */
export type SweepArea = {
  publicRoutes: string[];
  fixtures: Record<string, Fixture>;
  seed?: (t: Tenant, marker: string) => Promise<Record<string, number | string>>;
};
