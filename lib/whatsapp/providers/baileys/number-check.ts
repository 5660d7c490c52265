import { AppError } from "@/lib/api/errors";
import type { NumberCheckResults } from "../../types";
import { isLidJid, userOf } from "./jids";
import { isSocketClosed } from "./socket-closed";
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
    } catch (err) {
      // the socket dropped (meanwhile, or Baileys' 428): not the number's fault, the worker waits for it
      socket();
      throw new AppError(isSocketClosed(err) ? "ERR_WAPP_NOT_INITIALIZED" : "ERR_WAPP_CHECK_CONTACT");
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

/** A LID's phone number, from the connection's LID resolver (lid-resolver.ts); null when unknown. */
type ResolveLid = (jid: string) => Promise<{ number: string } | null>;

// Brazil's mobiles gained a ninth digit (55 DD 9 + the old 8 digits, which start with 6-9):
// WhatsApp may know a line by either form and answers the one it keeps. Both forms share this key;
// a landline (2-5) never meets a mobile's.
const lineKey = (digits: string) => (/^55\d{2}9[6-9]\d{7}$/.test(digits) ? digits.slice(0, 4) + digits.slice(5) : digits);

/**
 * Checks many numbers with one onWhatsApp call (the background check of contact lists; nothing is
 * cached). Baileys answers only the numbers on WhatsApp, by the JID WhatsApp keeps, so each answer
 * is mapped back to the number asked: the same digits, else the other form of a Brazilian mobile;
 * a LID answer through its phone number. A number no answer maps to is not on WhatsApp, unless an
 * answer could not be placed (an unknown LID, a form we do not know): then it stays unknown. A
 * failed call leaves every number unknown.
 */
export async function checkNumberBatch(sock: BaileysSocket, numbers: string[], resolveLid: ResolveLid): Promise<NumberCheckResults> {
  const results: NumberCheckResults = new Map();
  const asked = new Map<string, string>(); // as given -> digits
  for (const n of numbers) {
    const digits = n.replace(/\D/g, "");
    if (digits) asked.set(n, digits);
    else results.set(n, null);
  }
  if (!asked.size) return results;
  let found: { jid: string; exists: unknown }[] | undefined;
  try {
    found = await sock.onWhatsApp(...[...new Set(asked.values())].map((d) => `${d}@s.whatsapp.net`));
  } catch {
    return results;
  }
  if (!found) return results;
  const answered = new Set<string>();
  let unplaced = false;
  for (const hit of found.filter((r) => r.exists)) {
    const number = isLidJid(hit.jid) ? (await resolveLid(hit.jid).catch(() => null))?.number : userOf(hit.jid);
    if (number) answered.add(number);
    else unplaced = true;
  }
  const byKey = new Map([...answered].map((number) => [lineKey(number), number]));
  const matches = new Map([...asked].map(([n, digits]) => [n, answered.has(digits) ? digits : byKey.get(lineKey(digits))]));
  // an answer no asked number took may be any of the others': they stay unknown
  const taken = new Set(matches.values());
  const doubt = unplaced || [...answered].some((number) => !taken.has(number));
  for (const [n, number] of matches) if (number || !doubt) results.set(n, number ?? null);
  return results;
}
