/**
 * The route pattern of a request (`/api/tickets/[id]`) from its path and the params Next matched:
 * a bounded label for metrics, and a log field without the ids, emails or tokens some paths carry
 * (the spec's reset path holds a password). Params are matched in order, left to right.
 */
export function routeOf(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const segments = pathname.split("/");
  const out = [...segments];
  let from = 1;
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      // a catch-all is last: it takes the path's last value.length segments
      if (!value.length || value.length > out.length - from) continue;
      out.splice(out.length - value.length, value.length, `[...${name}]`);
      break;
    }
    const at = segments.findIndex((seg, i) => i >= from && out[i] === seg && decode(seg) === value);
    if (at < 0) continue;
    out[at] = `[${name}]`;
    from = at + 1;
  }
  // what no param explained: numeric or long opaque segments are ids, not names
  return out.map((seg) => (/^\d+$/.test(seg) || /^[A-Za-z0-9_-]{24,}$/.test(seg) ? ":id" : seg)).join("/");
}

function decode(seg: string) {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}
