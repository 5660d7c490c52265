import { getDb } from "@/db";
import { chatMessages, chats, chatUsers } from "@/db/schema";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Internal chat (issue 16 §3): a chat of the admin (owner) and the agent, and one to delete.
const x = (r: Resources, key: string) => Number(r.extra[`chats.${key}`]);
const id = (n: number) => ({ id: n });

async function seed(t: Tenant, marker: string) {
  const db = getDb();
  const [chat, gone] = await db
    .insert(chats)
    .values([
      { companyId: t.companyId, ownerId: t.admin.id, title: `Chat ${marker}`, lastMessage: `Oi ${marker}` },
      { companyId: t.companyId, ownerId: t.admin.id, title: `Apagar ${marker}` },
    ])
    .returning({ id: chats.id });
  await db.insert(chatUsers).values(
    [chat.id, gone.id].flatMap((chatId) => [
      { chatId, userId: t.admin.id, companyId: t.companyId },
      { chatId, userId: t.agent.id, companyId: t.companyId, unreads: 1 },
    ]),
  );
  await db.insert(chatMessages).values({ companyId: t.companyId, chatId: chat.id, senderId: t.admin.id, message: `Oi ${marker}` });
  return { "chats.chatId": chat.id, "chats.delChatId": gone.id };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/chats": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/chats": { build: (r) => ({ body: { title: "Nova conversa", users: [{ id: r.agentId }] } }) },
  "PUT /api/chats/[id]": { build: (r) => ({ params: id(x(r, "chatId")), body: { title: "Conversa editada", users: [{ id: r.agentId }] } }) },
  "DELETE /api/chats/[id]": { build: (r) => ({ params: id(x(r, "delChatId")) }) },
  "GET /api/chats/[id]/messages": { build: (r) => ({ params: id(x(r, "chatId")), query: { pageNumber: 1 } }) },
  "POST /api/chats/[id]/messages": { build: (r) => ({ params: id(x(r, "chatId")), body: { message: "Bom dia" } }) },
  "POST /api/chats/[id]/read": { build: (r) => ({ params: id(x(r, "chatId")), body: { userId: r.adminId } }) },
};

export const chatsArea: SweepArea = { publicRoutes: [], fixtures, seed };
