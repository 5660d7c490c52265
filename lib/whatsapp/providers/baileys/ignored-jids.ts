import { isJidBroadcast, isJidGroup, isJidNewsletter } from "@whiskeysockets/baileys";

/**
 * Baileys' shouldIgnoreJid: chats whose messages, receipts and presence it drops before decrypting
 * anything. Status broadcasts (status@broadcast), broadcast lists and newsletters are never a
 * customer's chat; groups are dropped too while the company ignores group messages (the setting
 * "ignore group messages", read by `ignoresGroups`).
 */
export function createJidFilter(ignoresGroups: () => boolean) {
  return (jid: string): boolean => isJidBroadcast(jid) || isJidNewsletter(jid) || (!!isJidGroup(jid) && ignoresGroups());
}
