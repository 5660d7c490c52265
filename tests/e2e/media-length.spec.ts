import { createE2eTenant, expect, test } from "./fixtures";

// Issue 34 §4.2: media answers carry Content-Length through the production server, whole and for a
// Range (Next drops a route handler's own: lib/storage/content-length.ts puts it back), and are never
// gzipped: a text file, which Next would otherwise compress, dropping the length and encoding the range.
test("a stored file answers with Content-Length, whole and for a range, unencoded", async ({ request }) => {
  const { admin } = await createE2eTenant();
  const login = await request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
  const headers = { authorization: `Bearer ${(await login.json()).token}`, "accept-encoding": "gzip, deflate, br" };
  const text = Buffer.from("uma linha do arquivo de texto\n".repeat(100)); // 3,000 bytes
  const file = { name: "nota.txt", mimeType: "text/plain", buffer: text };
  const created = await request.post("/api/quick-messages", { headers, multipart: { shortcode: "nota", message: "veja", file } });
  expect(created.status(), await created.text()).toBe(200);
  const { mediaUrl } = await created.json();

  const whole = await request.get(mediaUrl, { headers });
  expect(whole.status()).toBe(200);
  expect(whole.headers()).toMatchObject({ "content-length": "3000", "accept-ranges": "bytes", "cache-control": "private, max-age=300, no-transform" });
  expect(whole.headers()["content-encoding"]).toBeUndefined();
  expect(whole.headers()["x-media-length"]).toBeUndefined();
  expect((await whole.body()).equals(text)).toBe(true);

  const part = await request.get(mediaUrl, { headers: { ...headers, range: "bytes=100-199" } });
  expect(part.status()).toBe(206);
  expect(part.headers()).toMatchObject({ "content-length": "100", "content-range": "bytes 100-199/3000" });
  expect(part.headers()["content-encoding"]).toBeUndefined();
  expect((await part.body()).equals(text.subarray(100, 200))).toBe(true);
});
