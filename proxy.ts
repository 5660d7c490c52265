import { NextResponse, type NextRequest } from "next/server";

// Runs before routing on every request (matcher below), so it stays cheap: no database, no auth.
// A path segment that is not valid percent-encoding (`/api/users/%ff`, `/tickets/%E0%A4%A`) makes
// Next's own decoding of dynamic params throw, which answers a plain-text 500 before any handler
// runs; it is the caller's mistake, so it answers 400 here (JSON for the API, a short page else).

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

export const config = {
  // static assets never carry user input in their path
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
