// Loaded into the Next server process with `node --import` (workers/start.ts). Next 16 hands route
// handlers no socket, and only fills `x-forwarded-for` from the socket when the client sent none, so
// a handler cannot tell the peer's address from a forged header. Node announces every request on
// the `http.server.request.start` diagnostics channel, synchronously, before the server's request
// listener runs: here the socket's address is written into `x-socket-address`, replacing anything
// the client sent under that name. lib/auth/client-address.ts reads it (SOCKET_ADDRESS_HEADER).
// Plain JavaScript with no imports of the app, so it loads without a TypeScript loader.
import { subscribe } from "node:diagnostics_channel";

export const SOCKET_ADDRESS_HEADER = "x-socket-address";

subscribe("http.server.request.start", ({ request, socket }) => {
  request.headers[SOCKET_ADDRESS_HEADER] = socket?.remoteAddress ?? "";
});
