import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { createOpenApiDocument } from "@/lib/openapi/create-document";
import { operationIdOf } from "@/lib/openapi/route-paths";
import { ROUTE_STATUSES } from "@/lib/openapi/route-statuses";
import { SUMMARIES } from "@/lib/openapi/summaries";

// Redocly's `recommended` rules (what `redocly lint` runs by default) on the document served at
// /api/openapi.json. package.json pins @redocly/openapi-core to an exact version, so the rule set
// only changes with a deliberate bump of it.
const DOC_REF = "/api/openapi.json";

// What the rules flag and we keep (rule -> where), each with why: no rule is off for the whole document.
const ACCEPTED: Record<string, string> = {
  // GET /api/companies/listPlan/{companyId} and POST /api/companies/{id}/renew are the spec's paths;
  // no request matches both, their methods differ
  "no-ambiguous-paths": "#/paths/~1api~1companies~1listPlan~1{companyId}",
  // the product is not published under a license; an integrator's use of the API needs none
  "info-license": "#/info",
};

const ignore = { [DOC_REF]: Object.fromEntries(Object.entries(ACCEPTED).map(([rule, pointer]) => [rule, new Set([pointer])])) };
const show = (p: NormalizedProblem) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`;

async function lint() {
  const config = await createConfig({ extends: ["recommended"] }, { ignore });
  return lintFromString({ source: JSON.stringify(createOpenApiDocument("test")), absoluteRef: DOC_REF, config });
}

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error and no warning but the accepted ones, each still there", async () => {
    const problems = await lint();
    expect(problems.filter((p) => !p.ignored).map(show)).toEqual([]);
    // an exception that no longer applies goes from the list
    expect(problems.filter((p) => p.ignored).map((p) => p.ruleId).sort()).toEqual(Object.keys(ACCEPTED).sort());
  });

  it("has a summary and the statuses of lib/openapi only for operations it documents", () => {
    const paths = createOpenApiDocument("test").paths ?? {};
    const documented = Object.entries(paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((m) => `${m.toUpperCase()} ${path}`));
    expect(Object.keys({ ...SUMMARIES, ...ROUTE_STATUSES }).filter((k) => !documented.includes(k))).toEqual([]);
  });

  it("names operations from their method and path", () => {
    expect(operationIdOf("GET", "/api/tickets")).toBe("getTickets");
    expect(operationIdOf("POST", "/api/messages/{id}/resend")).toBe("postMessagesByIdResend");
    expect(operationIdOf("POST", "/api/auth/refresh_token")).toBe("postAuthRefreshToken");
    expect(operationIdOf("GET", "/api/companies/listPlan/{companyId}")).toBe("getCompaniesListPlanByCompanyId");
  });
});
