import type { PlanFlag } from "@/lib/plans/get-company-plan";

export type ShellUser = { id: number; name: string; email: string; profile: string; super: boolean };
export type ShellCompany = { id: number; name: string; dueDate: string | null };

export type ShellProps = {
  user: ShellUser;
  company: ShellCompany;
  plan: Record<PlanFlag, boolean>;
  campaignsSetting: boolean;
  connectionWarning: boolean;
};
