import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { PagePlaceholder } from "@/components/shell/page-placeholder";
import { getPageViewer } from "@/lib/auth/page-viewer";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("dashboard") };
}

// spec: the dashboard is for admins; everyone else works from /tickets.
export default async function DashboardPage() {
  const { ctx } = await getPageViewer();
  if (ctx.profile !== "admin") redirect("/tickets");
  return <PagePlaceholder page="dashboard" />;
}
