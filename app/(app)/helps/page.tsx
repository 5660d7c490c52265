import { getTranslations } from "next-intl/server";
import { HelpsGrid } from "@/components/helps/helps-grid";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listHelps } from "@/lib/helps/list-helps";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("helps") };
}

// /helps (admin §2.5): the platform's help videos, for every signed-in user.
export default async function HelpsPage() {
  await getPageViewer();
  const helps = await listHelps(getDb());
  return <HelpsGrid helps={helps} />;
}
