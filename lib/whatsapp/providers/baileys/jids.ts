import {
  isHostedLidUser,
  isHostedPnUser,
  isJidGroup,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
} from "@whiskeysockets/baileys";

// JIDs as the product sees them: a person is a phone number (digits), a group its id; the
// @s.whatsapp.net / @lid / @g.us suffixes and :device parts stay inside this provider.

/** The user part of a JID without device: "5511999990000:12@s.whatsapp.net" -> "5511999990000". */
export const userOf = (jid: string | null | undefined): string => jidDecode(jid ?? undefined)?.user ?? "";

export const isPhoneJid = (jid: string | null | undefined): boolean =>
  !!jid && !!(isPnUser(jid) || isHostedPnUser(jid));

export const isLidJid = (jid: string | null | undefined): boolean =>
  !!jid && !!(isLidUser(jid) || isHostedLidUser(jid));

export const isGroupJid = (jid: string | null | undefined): boolean => !!jid && !!isJidGroup(jid);

/** The LID without device, kept with its suffix so it can never be mistaken for a number. */
export const normalLid = (jid: string): string => jidNormalizedUser(jid);

// E.164 numbers have at most 15 digits; group ids are longer ("120363...") or, for old groups,
// "creator-timestamp" with a dash.
export const isGroupChatId = (chatId: string): boolean =>
  chatId.endsWith("@g.us") || chatId.includes("-") || chatId.replace(/\D/g, "").length > 15;

/** The JID to address a chat the product names by number or group id. */
export function chatJid(chatId: string, isGroup = isGroupChatId(chatId)): string {
  if (chatId.includes("@")) return chatId;
  return isGroup ? `${chatId}@g.us` : `${chatId.replace(/\D/g, "")}@s.whatsapp.net`;
}
