// Next runs register() once in each server process, before it answers its first request.
export async function register() {
  // media answers keep their Content-Length, which Next's server drops (lib/storage/content-length.ts)
  if (process.env.NEXT_RUNTIME === "nodejs") (await import("@/lib/storage/content-length")).keepContentLength();
}
