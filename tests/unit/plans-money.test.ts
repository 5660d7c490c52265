import { describe, expect, it } from "vitest";
import { PLAN_FLAGS } from "@/lib/plans/features";
import { formatBRL, moneyInput, parseMoney } from "@/lib/plans/money";
import { createPlanSchema, planFormSchema, updatePlanSchema } from "@/lib/plans/schemas";

// admin §2.4: plan prices in BRL, pt-BR format.
describe("parseMoney", () => {
  it("reads prices as a Brazilian writes them", () => {
    expect(parseMoney("99,90")).toBe(99.9);
    expect(parseMoney("1.234,56")).toBe(1234.56);
    expect(parseMoney("R$ 1.234.567,8")).toBe(1234567.8);
    expect(parseMoney("1.234")).toBe(1234);
    expect(parseMoney("10.005")).toBe(10005);
    expect(parseMoney("0")).toBe(0);
  });

  it("reads a decimal point and JSON numbers too", () => {
    expect(parseMoney("99.90")).toBe(99.9);
    expect(parseMoney("1.5")).toBe(1.5);
    expect(parseMoney(49.9)).toBe(49.9);
    // floating-point noise is not a third decimal
    expect(parseMoney(0.1 + 0.2)).toBe(0.3);
  });

  it("refuses what is not a price of at most two decimals", () => {
    for (const v of ["", "abc", "-1", "1,234", "10,005", "1.23.4", "1,2,3", "1e3", "NaN", " ", null, undefined, true, -5, 10.001, Infinity, 1e13]) {
      expect(parseMoney(v), String(v)).toBeNull();
    }
  });
});

describe("formatBRL and moneyInput", () => {
  it("shows reais in pt-BR", () => {
    expect(formatBRL(1234.5).replace(/\s/g, " ")).toBe("R$ 1.234,50");
    expect(formatBRL(0).replace(/\s/g, " ")).toBe("R$ 0,00");
    expect(moneyInput(99.9)).toBe("99,90");
    expect(parseMoney(moneyInput(1234.56))).toBe(1234.56);
  });
});

describe("plan schemas", () => {
  it("has a field for each of the seven plan flags", () => {
    const fields = Object.keys(planFormSchema.shape).filter((k) => /^use[A-Z]/.test(k));
    expect(fields.sort()).toEqual([...PLAN_FLAGS].sort());
  });

  it("turns every flag on for a new plan unless sent off (spec admin §1)", () => {
    const plan = createPlanSchema.parse({ name: "Básico", users: "3", connections: 1, queues: 2, value: "49,90", useKanban: false });
    expect(plan).toMatchObject({ name: "Básico", users: 3, connections: 1, queues: 2, value: 49.9, isPublic: true, useKanban: false });
    for (const f of PLAN_FLAGS.filter((f) => f !== "useKanban")) expect(plan[f], f).toBe(true);
  });

  it("answers the catalogue keys of its rules", () => {
    const res = createPlanSchema.safeParse({ name: "", users: -1, connections: 1.5, queues: "x", value: "abc" });
    expect(res.success).toBe(false);
    const issues = Object.fromEntries(res.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(issues).toEqual({ name: "tooShort", users: "wholeNumber", connections: "wholeNumber", queues: "wholeNumber", value: "invalidAmount" });
    expect(createPlanSchema.safeParse({ name: "Pro", users: 1, connections: 1, queues: 1 }).error?.issues[0]).toMatchObject({ path: ["value"], message: "required" });
  });

  it("changes only what a PUT sends", () => {
    expect(updatePlanSchema.parse({ value: "10" })).toEqual({ value: 10 });
    expect(updatePlanSchema.parse({})).toEqual({});
  });

  it("reads the dialog's typed values", () => {
    const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, true]));
    expect(planFormSchema.parse({ name: "Pro", users: "10", connections: "2", queues: "5", value: "199,90", isPublic: false, ...flags })).toMatchObject({ users: 10, value: 199.9, isPublic: false });
  });
});
