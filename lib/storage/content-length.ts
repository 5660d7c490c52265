import { subscribe } from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";

// Media answers say their length (issue 34 §4.2): browsers show a download's progress and size, and
// seek in audio and video from it. Next 16's server drops the Content-Length of every route handler's
// answer (next/dist/server/send-response.js: the body may have been decoded on the way) and sends the
// body chunked, from a stream or a buffer alike. So the media route also sends the length as
// LENGTH_HEADER, which Next passes on, and this hook writes it back as Content-Length as the headers
// go out. Node announces every request on the `http.server.request.start` diagnostics channel before
// the server's request listener runs (as workers/client-address-hook.mjs uses it), so Next's own
// response wrappers (compression) come around this one. Installed by instrumentation.ts, which Next
// runs before the server's first request: from the route module it would miss the answer that
// loads the module (Next's preloading at start does not run route modules' code).

export const LENGTH_HEADER = "x-media-length";

const WRAPPED = Symbol.for("atendimento.media-length");
let installed = false;

/** Turns LENGTH_HEADER into Content-Length on this process's HTTP answers (once per process). */
export function keepContentLength() {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => {
    const response = (message as { response?: ServerResponse & { [WRAPPED]?: true } }).response;
    // another copy of this module (a second bundle) may have wrapped it already
    if (!response || response[WRAPPED]) return;
    response[WRAPPED] = true;
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      const length = this.getHeader(LENGTH_HEADER);
      if (length !== undefined) {
        this.removeHeader(LENGTH_HEADER);
        // an encoded body (compression) has another length; the media route's no-transform prevents it
        if (!this.hasHeader("content-encoding")) this.setHeader("content-length", length);
      }
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
  });
}
