import { AppShell } from "@/components/shell/app-shell";
import { ViewerProvider } from "@/components/shell/viewer-context";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getEnv } from "@/lib/env";
import { hasConnectionWarning } from "@/lib/connections/has-connection-warning";
import { browserRealtimeConfig } from "@/lib/realtime/config";

export const dynamic = "force-dynamic";

// spec: an anonymous visitor on a private page is sent to /login (getPageViewer redirects).
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const connectionWarning = ctx.profile === "admin" && (await hasConnectionWarning(getDb(), ctx.companyId));
  const viewer = {
    id: user.id,
    name: user.name,
    companyId: ctx.companyId,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket === "enable",
    queues: user.queues,
  };
  return (
    <ViewerProvider viewer={viewer}>
      <AppShell
        user={{ id: user.id, name: user.name, email: user.email, profile: user.profile, super: user.super }}
        company={{ id: user.company.id, name: user.company.name, dueDate: user.company.dueDate }}
        plan={plan}
        campaignsSetting={campaignsSetting}
        sandbox={getEnv().sandboxEnabled}
        connectionWarning={connectionWarning}
        realtime={browserRealtimeConfig()}
        sessionId={ctx.sessionId}
      >
        {children}
      </AppShell>
    </ViewerProvider>
  );
}
