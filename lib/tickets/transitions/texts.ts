import { formatInTimeZone } from "date-fns-tz";

// The texts transitions send the customer (pt: the customer-facing language of the product we
// replace; the spec quotes them in Portuguese). Agent-facing texts live in messages/*.json.

/** {{ms}}: the greeting of the time of day in the company's timezone. */
export function timeOfDayGreeting(now: Date, timezone: string): string {
  const hour = Number(formatInTimeZone(now, timezone, "H"));
  if (hour >= 5 && hour < 12) return "Bom dia";
  if (hour >= 12 && hour < 18) return "Boa tarde";
  return "Boa noite";
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** sendGreetingAccepted: the first message in the accepting agent's name. */
export function acceptGreeting(contactName: string, agentName: string, now: Date, timezone: string): string {
  return `${timeOfDayGreeting(now, timezone)} *${firstName(contactName)}*, meu nome é *${agentName.trim()}* e agora vou prosseguir com seu atendimento!`;
}

/** sendMsgTransfTicket: tells the customer where the ticket went. */
export function transferNotice(queueName: string, userName: string | null): string {
  const base = `Seu atendimento foi transferido para o departamento *${queueName}*`;
  return userName ? `${base} e será atendido por *${userName}*` : base;
}
