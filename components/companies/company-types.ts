import type { CompanyRow as ServerCompanyRow } from "@/lib/companies/company-view";

/** A company as GET /api/companies answers it (dates as JSON text). */
export type CompanyRow = Omit<ServerCompanyRow, "createdAt"> & { createdAt: string };

/** A plan of the company form's select (GET /api/plans/all). */
export type PlanOption = { id: number; name: string; value: number };
