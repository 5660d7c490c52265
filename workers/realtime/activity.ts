// The activity timeout: a connection silent for activity_timeout gets a pusher:ping; one that still
// says nothing within the grace is closed, so dead peers do not keep presence members "online".
import { CloseCode } from "./protocol";
import type { Connection } from "./ws-connection";

/** pusher-js waits 30 s for a pong before giving up on us; we allow the client the same. */
const MAX_PONG_GRACE_MS = 30_000;

export type ActivityOptions = { activityTimeoutSeconds: number };

/** One timer for all connections rather than one per socket; returns a stop function. */
export function startActivitySweep(connections: Map<string, Connection>, { activityTimeoutSeconds }: ActivityOptions): () => void {
  const timeoutMs = activityTimeoutSeconds * 1000;
  const graceMs = Math.min(MAX_PONG_GRACE_MS, timeoutMs);
  // checking a few times per timeout keeps the overshoot small without waking up for nothing
  const everyMs = Math.min(5_000, Math.max(50, Math.floor(timeoutMs / 4)));

  const timer = setInterval(() => {
    const now = Date.now();
    for (const connection of connections.values()) {
      if (!connection.isOpen) continue;
      if (connection.pingSentAt > 0) {
        if (now - connection.pingSentAt > graceMs) {
          connection.close(CloseCode.pongNotReceived, "Pong reply not received");
          // a peer that stopped answering will not complete the closing handshake either
          setTimeout(() => connection.terminate(), 1_000).unref();
        }
      } else if (now - connection.lastSeenAt > timeoutMs) {
        connection.ping();
      }
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
