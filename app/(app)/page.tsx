import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { firstOfMonth } from "@/components/dashboard/format";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { companyTimezone } from "@/lib/dashboard/range";
import { ticketsPerDay } from "@/lib/dashboard/tickets-per-day";
import { ticketsPerUser } from "@/lib/dashboard/tickets-per-user";
import { todayIn } from "@/lib/dates/today";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("dashboard") };
}

// spec: the dashboard is for admins; everyone else works from /tickets.
export default async function DashboardPage() {
  const { ctx } = await getPageViewer();
  if (ctx.profile !== "admin") redirect("/tickets");
  const db = getDb();
  // spec core §2: the filters start at the first of the month and end today (company timezone)
  const today = todayIn(await companyTimezone(db, ctx.companyId));
  const range = { from: firstOfMonth(today), to: today };
  const chart = { initialDate: range.from, finalDate: range.to };
  const [dashboard, perUser, perDay] = await Promise.all([
    getDashboard(db, ctx, { date_from: range.from, date_to: range.to }),
    ticketsPerUser(db, ctx, chart),
    ticketsPerDay(db, ctx, chart),
  ]);
  return (
    <div className="mx-auto max-w-7xl">
      <DashboardView companyId={ctx.companyId} range={range} initial={{ dashboard, perUser, perDay }} />
    </div>
  );
}
