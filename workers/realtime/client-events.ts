// Client events (`client-*`), as Pusher allows them: only on private and presence channels the
// sender has joined, never echoed to the sender, at most 10 per second per connection.
import { CLIENT_EVENTS_PER_SECOND, encodeFrame, ErrorCode, isPresenceChannel, needsAuth, type ClientMessage } from "./protocol";
import type { Connection } from "./ws-connection";

function isWithinRate(connection: Connection, now: number): boolean {
  if (now - connection.clientEventWindowStart >= 1000) {
    connection.clientEventWindowStart = now;
    connection.clientEventsInWindow = 0;
  }
  connection.clientEventsInWindow++;
  return connection.clientEventsInWindow <= CLIENT_EVENTS_PER_SECOND;
}

export function relayClientEvent(connection: Connection, message: ClientMessage): void {
  const { channel, event } = message;
  // a public channel has no signature, so anyone could speak on it: Pusher refuses these
  if (!channel || !needsAuth(channel)) {
    return connection.sendError(ErrorCode.unauthorized, "Client events are only allowed on private and presence channels");
  }
  const { registry } = connection.ctx;
  if (!registry.isSubscribed(channel, connection)) {
    return connection.sendError(ErrorCode.unauthorized, `Not subscribed to ${channel}`);
  }
  if (!isWithinRate(connection, Date.now())) {
    return connection.sendError(ErrorCode.clientEventRateLimit, "Client event rejected due to rate limit");
  }
  // presence members learn who spoke, as with Pusher
  const userId = isPresenceChannel(channel) ? registry.userIdOf(channel, connection) : undefined;
  registry.broadcast(channel, Buffer.from(encodeFrame(event, message.data, channel, userId)), connection);
}
