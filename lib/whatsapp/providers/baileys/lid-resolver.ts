import { isLidJid, isPhoneJid, normalLid, userOf } from "./jids";

export type Person = { number: string; lid?: string };

/** Asks Baileys' LID store (signalRepository.lidMapping.getPNForLID) for a LID's phone JID. */
export type PnLookup = (lid: string) => Promise<string | null | undefined>;

/**
 * Turns the JID a message or call names into a phone number. Baileys 7 addresses most chats by
 * LID (`…@lid`); the phone number comes from the alternate JID on the key when WhatsApp sends it,
 * else from mappings learnt in this process (lid-mapping.update, contacts), else from Baileys'
 * stored lid-mapping keys. A LID with no known number resolves to null: the caller must not use
 * the LID digits as a number (they are not one).
 */
export function createLidResolver(lookup: PnLookup, onLookupError?: (err: unknown) => void) {
  const learnt = new Map<string, string>(); // lid user -> phone number

  // Baileys accepts a pair either way round (its storeLIDPNMappings does too)
  const learn = (lid: string | null | undefined, pn: string | null | undefined) => {
    if (lid && pn && isLidJid(lid) && isPhoneJid(pn)) learnt.set(userOf(lid), userOf(pn));
    else if (lid && pn && isPhoneJid(lid) && isLidJid(pn)) learnt.set(userOf(pn), userOf(lid));
  };

  const resolve = async (jid: string | null | undefined, alt?: string | null): Promise<Person | null> => {
    if (!jid) return null;
    if (isPhoneJid(jid)) {
      const lid = alt && isLidJid(alt) ? normalLid(alt) : undefined;
      learn(lid, jid);
      return { number: userOf(jid), ...(lid ? { lid } : {}) };
    }
    if (!isLidJid(jid)) return null;
    const lid = normalLid(jid);
    if (alt && isPhoneJid(alt)) {
      learn(lid, alt);
      return { number: userOf(alt), lid };
    }
    const known = learnt.get(userOf(lid));
    if (known) return { number: known, lid };
    try {
      const pn = await lookup(lid);
      if (pn && isPhoneJid(pn)) {
        learn(lid, pn);
        return { number: userOf(pn), lid };
      }
    } catch (err) {
      onLookupError?.(err);
    }
    return null;
  };

  return { learn, resolve };
}

export type LidResolver = ReturnType<typeof createLidResolver>;
