// pusher:subscribe and pusher:unsubscribe: signature checks for private and presence channels, and
// the presence events the other members see.
import type { PresenceMember } from "./channels";
import { encodeFrame, ErrorCode, isPresenceChannel, isValidChannelName, MAX_USER_ID_LENGTH, needsAuth } from "./protocol";
import { verifyChannelAuth } from "./signature";
import type { Connection } from "./ws-connection";

type SubscribeData = { channel?: unknown; auth?: unknown; channel_data?: unknown };

const asRecord = (data: unknown): SubscribeData => (data && typeof data === "object" ? (data as SubscribeData) : {});

/** pusher-js 8 reads `type`, `error` and `status` from a subscription error, as from a failed auth call. */
function refuse(connection: Connection, channel: string, error: string): void {
  connection.ctx.counters.refusedSubscriptions++;
  connection.sendText(encodeFrame("pusher:subscription_error", { type: "AuthError", error, status: 401 }, channel));
}

/** Reads the member a presence subscription declares; a string on failure. */
function readMember(channelData: unknown): PresenceMember | string {
  if (typeof channelData !== "string") return "channel_data is required for presence channels";
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return "channel_data is not valid JSON";
  }
  const { user_id: rawId, user_info: userInfo } = (parsed ?? {}) as { user_id?: unknown; user_info?: unknown };
  const userId = typeof rawId === "number" && Number.isFinite(rawId) ? String(rawId) : rawId;
  if (typeof userId !== "string" || userId.length === 0 || userId.length > MAX_USER_ID_LENGTH) {
    return `channel_data must hold a user_id of 1 to ${MAX_USER_ID_LENGTH} characters`;
  }
  return { userId, userInfo };
}

export function subscribe(connection: Connection, data: unknown): void {
  const { channel, auth, channel_data: channelData } = asRecord(data);
  if (!isValidChannelName(channel)) return connection.sendError(ErrorCode.refused, "Invalid channel name");
  const { registry, app } = connection.ctx;

  let member: PresenceMember | undefined;
  if (needsAuth(channel)) {
    const isPresence = isPresenceChannel(channel);
    const signed = isPresence && typeof channelData === "string" ? channelData : undefined;
    const check = verifyChannelAuth({ key: app.key, secret: app.secret, socketId: connection.socketId, channel, auth, channelData: signed });
    if (!check.ok) return refuse(connection, channel, check.error);
    if (isPresence) {
      const read = readMember(channelData);
      if (typeof read === "string") return refuse(connection, channel, read);
      member = read;
    }
  }

  const { isNewMember } = registry.subscribe(channel, connection, member);
  connection.channels.add(channel);
  const succeeded = member ? { presence: registry.presence(channel) } : {};
  connection.sendText(encodeFrame("pusher_internal:subscription_succeeded", succeeded, channel));
  if (member && isNewMember) {
    const added = encodeFrame("pusher_internal:member_added", { user_id: member.userId, user_info: member.userInfo }, channel);
    registry.broadcast(channel, Buffer.from(added), connection);
  }
}

/** Leaves one channel; the others hear member_removed when a user's last socket has gone. */
export function leaveChannel(connection: Connection, channel: string): void {
  const { registry } = connection.ctx;
  connection.channels.delete(channel);
  const { removedUserId } = registry.unsubscribe(channel, connection);
  if (removedUserId !== undefined) {
    registry.broadcast(channel, Buffer.from(encodeFrame("pusher_internal:member_removed", { user_id: removedUserId }, channel)));
  }
}

export function unsubscribe(connection: Connection, data: unknown): void {
  const { channel } = asRecord(data);
  if (typeof channel === "string" && connection.channels.has(channel)) leaveChannel(connection, channel);
}

export function leaveAllChannels(connection: Connection): void {
  for (const channel of [...connection.channels]) leaveChannel(connection, channel);
}
