import type { PlanFlag } from "@/lib/plans/features";
import type { BrowserRealtimeConfig } from "@/lib/realtime/config";

export type ShellUser = { id: number; name: string; email: string; profile: string; super: boolean };
export type ShellCompany = { id: number; name: string; dueDate: string | null };

export type ShellProps = {
  user: ShellUser;
  company: ShellCompany;
  plan: Record<PlanFlag, boolean>;
  campaignsSetting: boolean;
  /** the sandbox is enabled: super admins get its mailbox in the menu */
  sandbox: boolean;
  connectionWarning: boolean;
  realtime: BrowserRealtimeConfig | null;
  sessionId: string;
};
