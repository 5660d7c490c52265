import { describe, expect, it } from "vitest";
import { requestOrigin, sendCurlExample } from "@/lib/openapi/send-example";

// The /messages-api curl (issue 34 §7.4): printed with the origin the reader reached the app at,
// so it runs as pasted (it had a literal $ORIGIN).
const env = { APP_URL: "http://127.0.0.1:3000", TRUST_PROXY: 0 };
const headers = (h: Record<string, string>) => new Headers(h);

describe("the origin of the /messages-api examples", () => {
  it("is the Host the request came to, on APP_URL's protocol", () => {
    expect(requestOrigin(headers({ host: "localhost:3000" }), env)).toBe("http://localhost:3000");
    expect(requestOrigin(headers({ host: "atendimento.example.com" }), { ...env, APP_URL: "https://atendimento.example.com" })).toBe(
      "https://atendimento.example.com",
    );
    expect(requestOrigin(headers({ host: "[::1]:3000" }), env)).toBe("http://[::1]:3000");
  });

  it("is APP_URL's origin without a Host, or with one that is not a plain host name", () => {
    expect(requestOrigin(headers({}), { ...env, APP_URL: "https://app.example.com/base/" })).toBe("https://app.example.com");
    expect(requestOrigin(headers({ host: 'evil.example"; rm -rf ~; echo "' }), env)).toBe("http://127.0.0.1:3000");
  });

  it("reads X-Forwarded-Host and -Proto only behind a trusted proxy", () => {
    const proxied = headers({ host: "10.0.0.5:3000", "x-forwarded-host": "chat.example.com, proxy.internal", "x-forwarded-proto": "https" });
    expect(requestOrigin(proxied, env)).toBe("http://10.0.0.5:3000");
    expect(requestOrigin(proxied, { ...env, TRUST_PROXY: 1 })).toBe("https://chat.example.com");
  });

  it("makes a curl of the send that runs as pasted, but for the token", () => {
    const curl = sendCurlExample("https://chat.example.com");
    expect(curl).toContain('curl -X POST "https://chat.example.com/api/messages/send"');
    expect(curl).not.toContain("$");
    expect(curl).toContain("Authorization: Bearer <token>");
  });
});
