import { AppError } from "@/lib/api/errors";
import { userOf } from "./jids";
import type { BaileysSocket } from "./socket-types";

const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Checks numbers with onWhatsApp before a first message. Only positive answers are cached (a day):
 * a number that is not on WhatsApp today may be tomorrow, and a failed check must be retried.
 * Answers the number as WhatsApp knows it (it may differ, e.g. Brazil's ninth digit).
 */
export function createNumberChecker(socket: () => BaileysSocket, now: () => Date) {
  const known = new Map<string, { number: string; at: number }>();

  async function check(input: string): Promise<string> {
    const sock = socket(); // not connected: ERR_WAPP_NOT_INITIALIZED, before any cache answer
    const digits = input.replace(/\D/g, "");
    if (!digits) throw new AppError("ERR_WAPP_INVALID_CONTACT");
    const cached = known.get(digits);
    if (cached && now().getTime() - cached.at < TTL_MS) return cached.number;
    let found: { jid: string; exists: unknown }[] | undefined;
    try {
      found = await sock.onWhatsApp(`${digits}@s.whatsapp.net`);
    } catch {
      throw new AppError("ERR_WAPP_CHECK_CONTACT");
    }
    if (!found) throw new AppError("ERR_WAPP_CHECK_CONTACT");
    const hit = found.find((r) => r.exists);
    if (!hit) throw new AppError("ERR_WAPP_INVALID_CONTACT");
    const number = userOf(hit.jid) || digits;
    known.set(digits, { number, at: now().getTime() });
    return number;
  }

  return { check, forget: () => known.clear() };
}
