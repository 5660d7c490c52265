import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, helps, plans, queueOptions, queues, userQueues, users, whatsappQueues, whatsapps } from "@/db/schema";
import { createCompany } from "@/lib/companies/create-company";
import { hashPassword } from "@/lib/auth/password";
import { followSandboxModelAddress, seedBots } from "./seed-bots";
import { seedCollaboration } from "./seed-collaboration";

export const DEMO_PLANS = [
  { name: "Básico", users: 3, connections: 1, queues: 2, value: 99.9, useCampaigns: false, useKanban: false,
    useOpenAi: false, useIntegrations: false, useExternalApi: false },
  { name: "Profissional", users: 10, connections: 3, queues: 10, value: 199.9 },
  { name: "Empresarial", users: 50, connections: 10, queues: 50, value: 499.9 },
];

// Example videos for the help page (Blender Foundation's open movies, which stay online). Their text
// names no screen: the Settings › Help tab where super users manage them comes with the
// administration issue, and the words must stay true before and after it.
export const DEMO_HELPS = [
  { title: "Primeiros passos", video: "aqz-KE-bpKQ",
    description: "Vídeo de exemplo. O administrador da plataforma pode trocá-lo pelos tutoriais da sua equipe." },
  { title: "Atendendo um ticket", video: "eRsGyueVLvQ",
    description: "Vídeo de exemplo sobre o fluxo de atendimento: aceitar, responder e finalizar." },
  { title: "Filas e conexões", video: "R6MlUcmOul8",
    description: "Vídeo de exemplo sobre como as filas distribuem as conversas de cada conexão." },
];

type SeedOptions = { adminEmail: string; adminPassword: string };

/** The demo tenant, created only when the database has no company yet. Returns false if skipped. */
export async function seedDemo(db: DbOrTx, opts: SeedOptions): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) {
    await followSandboxModelAddress(db);
    return false;
  }
  const inserted = await db.insert(plans).values(DEMO_PLANS).onConflictDoNothing().returning();
  const pro = inserted.find((p) => p.name === "Profissional") ?? inserted[0];
  const { company, adminId } = await createCompany(db, {
    name: "Empresa Demo",
    email: opts.adminEmail,
    planId: pro.id,
    // the platform owner's company (its admin is the super admin) has no due date (issue 13)
    dueDate: null,
    admin: { name: "Administrador", email: opts.adminEmail, password: opts.adminPassword, super: true },
  });
  const companyId = company.id;
  const [support, sales] = await db
    .insert(queues)
    .values([
      { companyId, name: "Suporte", color: "#0EA5E9", orderQueue: 1,
        greetingMessage: "Você está na fila de Suporte. Um atendente falará com você em breve." },
      { companyId, name: "Vendas", color: "#F97316", orderQueue: 2,
        greetingMessage: "Você está na fila de Vendas. Um atendente falará com você em breve." },
    ])
    .returning();
  // an option tree under Suporte, so the demo's chatbot walks one
  const [orders] = await db
    .insert(queueOptions)
    .values({ companyId, queueId: support.id, option: "1", title: "Meu pedido",
      message: "Sobre o seu pedido:" })
    .returning();
  await db.insert(queueOptions).values([
    { companyId, queueId: support.id, parentId: orders.id, option: "1", title: "Onde está meu pedido?",
      message: "Informe o número do pedido e um atendente confirma o prazo de entrega." },
    { companyId, queueId: support.id, parentId: orders.id, option: "2", title: "Trocar ou devolver",
      message: "Trocas em até 7 dias: envie uma foto do produto e o número do pedido." },
    { companyId, queueId: support.id, option: "2", title: "Falar com um atendente",
      message: "Certo! Um atendente falará com você em breve." },
  ]);
  const [agent] = await db
    .insert(users)
    .values({ companyId, name: "Atendente Demo", email: "agent@example.com",
      passwordHash: await hashPassword("agent123"), profile: "user", allTicket: "disable" })
    .returning();
  await db.insert(userQueues).values([{ userId: agent.id, queueId: support.id, companyId }]);
  await db.insert(userQueues).values([
    { userId: adminId, queueId: support.id, companyId },
    { userId: adminId, queueId: sales.id, companyId },
  ]);
  const [conn] = await db
    .insert(whatsapps)
    // asked to start: the worker shows its QR code for the sandbox page to scan
    .values({ companyId, name: "Sandbox", provider: "sandbox", isDefault: true, status: "DISCONNECTED",
      sessionRequest: "start", sessionRequestedAt: new Date(),
      token: randomBytes(24).toString("base64url"),
      greetingMessage: "Olá! Bem-vindo à Empresa Demo. Escolha uma opção:",
      complationMessage: "Atendimento finalizado. Obrigado pelo contato!",
      outOfHoursMessage: "Estamos fora do horário de atendimento. Retornaremos em breve." })
    .returning();
  await db.insert(whatsappQueues).values([
    { whatsappId: conn.id, queueId: support.id, companyId },
    { whatsappId: conn.id, queueId: sales.id, companyId },
  ]);
  const [{ h }] = await db.select({ h: count() }).from(helps);
  if (h === 0) await db.insert(helps).values(DEMO_HELPS);
  await seedCollaboration(db, { companyId, adminId, agentId: agent.id });
  await seedBots(db, { companyId, queueId: sales.id });
  return true;
}
