import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";

/** KMP failure table: how much of `p` still matches after a mismatch at each length. */
function failures(p: Buffer): number[] {
  const f = [0];
  for (let i = 1, k = 0; i < p.length; i++) {
    while (k > 0 && p[i] !== p[k]) k = f[k - 1];
    if (p[i] === p[k]) k++;
    f.push(k);
  }
  return f;
}

/**
 * busboy refuses a NUL byte in a part's headers as a malformed body, where readForm (lib/api/body.ts)
 * answered the NUL rule's 400 ERR_VALIDATION naming the field. This pass replaces NUL in part
 * headers only (never in file bytes) with a marker; `restore` puts NUL back in the parsed names so
 * the same check runs on them.
 */
export function headerNulMarker(boundary: string) {
  const marker = `~nul${randomBytes(6).toString("hex")}~`;
  const markerBytes = Buffer.from(marker);
  const patterns = [Buffer.from(`\r\n--${boundary}`), Buffer.from("\r\n\r\n")];
  const tables = patterns.map(failures);
  let inHeaders = 0; // 0: body (looking for a delimiter), 1: a part's headers (looking for their end)
  let k = 2; // the body starts with the delimiter without its CRLF: as if the CRLF was just read
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const out: Buffer[] = [];
      let from = 0;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (inHeaders && byte === 0) {
          out.push(chunk.subarray(from, i), markerBytes);
          from = i + 1;
          continue;
        }
        const p = patterns[inHeaders];
        while (k > 0 && byte !== p[k]) k = tables[inHeaders][k - 1];
        if (byte === p[k]) k++;
        if (k === p.length) {
          inHeaders = 1 - inHeaders;
          k = 0;
        }
      }
      out.push(chunk.subarray(from));
      done(null, out.length === 1 ? out[0] : Buffer.concat(out));
    },
  });
  return { transform, restore: (s: string) => (s.includes(marker) ? s.split(marker).join("\0") : s) };
}
