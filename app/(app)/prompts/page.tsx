import { getTranslations } from "next-intl/server";
import { PromptsTable } from "@/components/prompts/prompts-table";
import type { PromptRow } from "@/components/prompts/prompt-types";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { listPrompts } from "@/lib/prompts/list-prompts";
import { listQueues } from "@/lib/queues/list-queues";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("prompts") };
}

// /prompts (admin §2.12): admins of a company whose plan has useOpenAi; the first page is rendered
// here, then paged and kept live in the browser.
export default async function PromptsPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.prompts.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const [first, queues] = await Promise.all([listPrompts(getDb(), ctx, "", 1), listQueues(getDb(), ctx.companyId)]);
  // dates as the API answers them (ISO text)
  const items = JSON.parse(JSON.stringify(first.prompts)) as PromptRow[];
  return (
    <div className="mx-auto max-w-5xl">
      <PromptsTable companyId={ctx.companyId} queues={queues.map(({ id, name, color }) => ({ id, name, color }))} initial={{ items, hasMore: first.hasMore }} />
    </div>
  );
}
