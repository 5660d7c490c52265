import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ChatsWorkspace } from "@/components/chats/chats-workspace";
import type { ChatRow, ChatsPage } from "@/components/chats/chat-types";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import type { ChatRecord } from "@/lib/chats/chat-record";
import { getChatForPage } from "@/lib/chats/get-chat";
import { listChats } from "@/lib/chats/list-chats";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("chats") };
}

const forBrowser = (c: ChatRecord): ChatRow => ({ ...c, updatedAt: new Date(c.updatedAt).toISOString() });

type Props = { params: Promise<{ id?: string[] }> };

// /chats and /chats/{uuid} (admin §2.10, core §2): the first page of the user's chats is read here,
// then it pages and stays live in the browser. A chat that is not the user's opens the list.
export default async function ChatsPage({ params }: Props) {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.chats.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/" />;
  const { id } = await params;
  if (id && (id.length > 1 || !UUID.test(id[0]))) redirect("/chats");
  const db = getDb();
  const [first, chat] = await Promise.all([listChats(db, ctx, "", 1), id ? getChatForPage(db, ctx, id[0]) : null]);
  if (id && !chat) redirect("/chats");
  const initial: ChatsPage = { ...first, records: first.records.map(forBrowser) };
  return <ChatsWorkspace companyId={ctx.companyId} userId={ctx.userId} initial={initial} initialChat={chat ? forBrowser(chat) : null} />;
}
