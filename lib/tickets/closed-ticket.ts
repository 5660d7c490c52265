/**
 * What closing a ticket sets, whoever closes it (an agent's resolve, the inactivity expiry): spec
 * core §4, the bot integration and prompt are cleared and the queue is kept.
 */
export const CLOSED_TICKET = {
  status: "closed",
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  queueOptionId: null,
} as const;
