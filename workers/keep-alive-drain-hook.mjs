// Loaded into the Next server process with `node --import` (workers/launcher/next-server.ts), next to
// client-address-hook.mjs. On SIGTERM Next closes its listener and waits for its connections to
// end, but a keep-alive connection that was busy then stays open once its response is sent, and
// keeps being served, until the launcher's SIGKILL 25 s later resets whatever it carries. So, from
// Node's diagnostics channels (published synchronously around the server's request listener):
// - while the launcher drains (its flag file, DRAIN_FILE, is up) and once stopping, every response
//   says `Connection: close`: clients open their next request elsewhere;
// - on SIGTERM (or SIGINT) idle connections close at once, and a busy one as soon as its last
//   response is sent: Next's server.close() then completes and the process exits.
// Plain JavaScript with no imports of the app, so it loads without a TypeScript loader.
import { subscribe } from "node:diagnostics_channel";
import fs from "node:fs";

const drainFile = process.env.DRAIN_FILE;
const DRAIN_CHECK_MS = 200;
const servers = new Set();
/** Responses not finished yet, with their socket. */
const inFlight = new Map();
let stopping = false;
let drainSeen = false;
let drainCheckedAt = 0;

// a stat at most every DRAIN_CHECK_MS, not one per request
function draining() {
  if (stopping || drainSeen) return true;
  if (!drainFile) return false;
  const now = Date.now();
  if (now - drainCheckedAt >= DRAIN_CHECK_MS) {
    drainCheckedAt = now;
    drainSeen = fs.existsSync(drainFile);
  }
  return drainSeen;
}

const closeAfterResponse = (response) => {
  if (!response.headersSent) response.setHeader("Connection", "close");
};

subscribe("http.server.request.start", ({ response, socket, server }) => {
  servers.add(server);
  inFlight.set(response, socket);
  if (draining()) closeAfterResponse(response);
  // sent, or its connection lost: after Node's own handling (it ends the socket for `Connection: close`)
  response.once("close", () => {
    inFlight.delete(response);
    if (stopping) setImmediate(() => closeWhenIdle(socket));
  });
});

function closeWhenIdle(socket) {
  if (socket.destroyed) return;
  for (const busy of inFlight.values()) if (busy === socket) return;
  if (typeof socket.destroySoon === "function") socket.destroySoon();
  else socket.end();
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const response of inFlight.keys()) closeAfterResponse(response);
  for (const server of servers) server.closeIdleConnections?.();
  // Next's own handler (installed once it is ready) closes the server and exits; before that, this
  // one is alone and must end the process as the default action would
  if (process.listenerCount(signal) === 1) process.exit(signal === "SIGINT" ? 130 : 143);
}

process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
