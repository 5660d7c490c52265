import { NextResponse, type NextRequest } from "next/server";

// Runs before routing on the requests its matcher names (below), so it stays cheap: no database,
// no auth. A path segment that is not valid percent-encoding (`/api/users/%ff`, `/tickets/%E0%A4%A`)
// makes Next's own decoding of dynamic params throw, which answers a plain-text 500 before any
// handler runs; it is the caller's mistake, so it answers 400 here (JSON for the API, a short page else).

function hasBadEscape(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

const PAGE = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>400</title><body><h1>400</h1><p>Endereço inválido.</p><p><a href="/">Início</a></p></body></html>`;

export function proxy(request: NextRequest) {
  // the raw path as sent: nextUrl may already hold a normalised form
  const pathname = new URL(request.url).pathname;
  if (!hasBadEscape(pathname)) return NextResponse.next();
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    return NextResponse.json({ error: "ERR_INVALID_PATH" }, { status: 400 });
  }
  return new NextResponse(PAGE, { status: 400, headers: { "content-type": "text/html; charset=utf-8" } });
}

// On every request the proxy runs on, Next copies the body into memory, keeps the first 10 MB (the
// route then reads a truncated form: uploads over 10 MB answered 400 ERR_INVALID_BODY) and waits
// for all of it before anything answers, whether the proxy reads it or not
// (next/dist/server/body-streams.js). So multipart API requests, the uploads, skip the proxy: the
// route wrapper holds them to the route's total instead, from Content-Length before reading
// (lib/api/route.ts). Those with a `%` in their path still run it, the only place a bad escape can be
// answered; next-auth and Inngest read their bodies themselves, so they keep its 10 MB cap.
export const config = {
  matcher: [
    // pages; static assets never carry user input in their path
    "/((?!api/|_next/static|_next/image|favicon.ico).*)",
    "/api/auth/:path*",
    "/api/inngest",
    "/api/:path(.*%.*)",
    { source: "/api/:path*", missing: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
  ],
};
