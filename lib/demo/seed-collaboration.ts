import type { DbOrTx } from "@/db";
import { announcements, chatMessages, chats, chatUsers, tags } from "@/db/schema";

type Ids = { companyId: number; adminId: number; agentId: number };

/**
 * The demo's collaboration data (issue 16): kanban lanes, one platform announcement, and a staff
 * chat between the demo's admin and agent with an unread message for the agent.
 */
export async function seedCollaboration(db: DbOrTx, { companyId, adminId, agentId }: Ids): Promise<void> {
  await db.insert(tags).values([
    { companyId, name: "Novo contato", color: "#0EA5E9", kanban: 1 },
    { companyId, name: "Em negociação", color: "#F97316", kanban: 1 },
    { companyId, name: "Aguardando cliente", color: "#A855F7", kanban: 1 },
    { companyId, name: "VIP", color: "#EAB308", kanban: 0 },
  ]);
  await db.insert(announcements).values({
    companyId,
    title: "Bem-vindo à demonstração",
    text: "Este é um informativo da plataforma: o super administrador os publica em /announcements e todas as empresas os veem aqui.",
    priority: 2,
  });
  const welcome = "Oi! Use este chat interno para combinar os atendimentos com a equipe.";
  const [chat] = await db
    .insert(chats)
    .values({ companyId, ownerId: adminId, title: "Equipe de suporte", lastMessage: welcome })
    .returning({ id: chats.id });
  await db.insert(chatUsers).values([
    { chatId: chat.id, userId: adminId, companyId, unreads: 0 },
    { chatId: chat.id, userId: agentId, companyId, unreads: 1 },
  ]);
  await db.insert(chatMessages).values({ companyId, chatId: chat.id, senderId: adminId, message: welcome });
}
