import { adminArea } from "./admin";
import { billingArea } from "./billing";
import { externalApiArea } from "./external-api";
import { mailArea } from "./mail";
import { openapiArea } from "./openapi";
import type { SweepArea } from "./types";
import { webhooksArea } from "./webhooks";

/** Areas whose fixtures live in their own file (companies/plans/helps, billing, mail). */
export const AREAS: SweepArea[] = [adminArea, billingArea, mailArea, openapiArea, webhooksArea, externalApiArea];
