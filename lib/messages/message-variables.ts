// The variables an agent may type in a message (spec core §2 "Message input"): {{firstName}},
// {{name}}, {{ms}} (the greeting of the hour), {{protocol}} and {{hora}}, filled in just before
// sending with the browser's clock.

export type Greetings = { morning: string; afternoon: string; night: string };

/** The spec's Portuguese greetings; the input passes the translated ones. */
export const PT_GREETINGS: Greetings = { morning: "Bom dia", afternoon: "Boa tarde", night: "Boa noite" };

export type VariableContext = {
  contactName: string;
  ticketId: number;
  now?: Date;
  greetings?: Greetings;
};

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** Morning from 05:00, afternoon from 12:00, night from 18:00 until 04:59. */
export function greetingFor(date: Date, greetings: Greetings = PT_GREETINGS): string {
  const h = date.getHours();
  if (h >= 5 && h < 12) return greetings.morning;
  if (h >= 12 && h < 18) return greetings.afternoon;
  return greetings.night;
}

/** yyyyMMddHHmmss followed by the ticket id: unique per ticket and second, readable on the phone. */
export function protocolFor(date: Date, ticketId: number): string {
  const stamp =
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `${stamp}${ticketId}`;
}

const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The text with every known {{variable}} replaced; unknown ones are left as typed. */
export function fillMessageVariables(text: string, ctx: VariableContext): string {
  const now = ctx.now ?? new Date();
  const name = ctx.contactName.trim();
  const values: Record<string, string> = {
    firstname: name.split(/\s+/)[0] ?? "",
    name,
    ms: greetingFor(now, ctx.greetings),
    protocol: protocolFor(now, ctx.ticketId),
    hora: clock(now),
  };
  // names are matched case-insensitively and with inner spaces allowed ({{ name }})
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key.toLowerCase()] ?? whole);
}
