import type { IntegrationRow, IntegrationView } from "@/lib/queue-integrations/integration-view";

export type { IntegrationRow, IntegrationView };

/** `queueIntegration` events on the company's admins channel. */
export type IntegrationEvent = { action: "create" | "update"; queueIntegration: IntegrationRow } | { action: "delete"; id: number };

/** POST /api/queueIntegration/testSession's answer. */
export type TestSessionAnswer = { ok: true; answer: string; intent: string; endConversation: boolean } | { ok: false; error: string };
