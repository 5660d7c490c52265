// Signature helpers of the embedded realtime server, checked against the official `pusher` SDK (the
// party that signs in production) and against Pusher's documented example.
import Pusher from "pusher";
import { describe, expect, it } from "vitest";
import { verifyApiRequest, signApiRequest, stringToSign, MAX_CLOCK_SKEW_SECONDS } from "@/workers/realtime/request-auth";
import { hmacHex, md5Hex, safeEqual, signChannelAuth, verifyChannelAuth } from "@/workers/realtime/signature";

const app = { appId: "3", key: "278d425bdf160c739803", secret: "7ad3773142a6692b25b8" };
const sdk = new Pusher({ ...app, host: "127.0.0.1", port: "1", useTLS: false });

describe("channel auth signatures", () => {
  it("match Pusher's documented example", () => {
    // https://pusher.com/docs/channels/library_auth_reference/auth-signatures/
    const auth = signChannelAuth({ ...app, socketId: "1234.1234", channel: "private-foobar" });
    expect(auth).toBe("278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4");
  });

  it("verify what the server SDK's authorizeChannel signs, private and presence", () => {
    const priv = sdk.authorizeChannel("12.34", "private-user-1");
    expect(verifyChannelAuth({ ...app, socketId: "12.34", channel: "private-user-1", auth: priv.auth })).toEqual({ ok: true });

    const presence = sdk.authorizeChannel("12.34", "presence-company-1", { user_id: "9", user_info: { name: "Ana" } });
    const check = { ...app, socketId: "12.34", channel: "presence-company-1", auth: presence.auth };
    expect(verifyChannelAuth({ ...check, channelData: presence.channel_data })).toEqual({ ok: true });
    expect(verifyChannelAuth({ ...check, channelData: JSON.stringify({ user_id: "1" }) }).ok).toBe(false);
  });

  it("refuse another socket, another channel, another key, another secret, or nothing", () => {
    const { auth } = sdk.authorizeChannel("12.34", "private-user-1");
    const base = { ...app, socketId: "12.34", channel: "private-user-1", auth };
    expect(verifyChannelAuth({ ...base, socketId: "12.35" }).ok).toBe(false);
    expect(verifyChannelAuth({ ...base, channel: "private-user-2" }).ok).toBe(false);
    expect(verifyChannelAuth({ ...base, key: "other" }).ok).toBe(false);
    expect(verifyChannelAuth({ ...base, secret: "other-secret" }).ok).toBe(false);
    expect(verifyChannelAuth({ ...base, auth: undefined }).ok).toBe(false);
    expect(verifyChannelAuth({ ...base, auth: auth.split(":")[1] }).ok).toBe(false);
  });

  it("never put the expected signature in the refusal", () => {
    const expected = signChannelAuth({ ...app, socketId: "1.1", channel: "private-x" });
    const refusal = verifyChannelAuth({ ...app, socketId: "1.1", channel: "private-x", auth: `${app.key}:00` });
    expect(refusal.ok || refusal.error.includes(expected.split(":")[1])).toBe(false);
  });
});

describe("digest helpers", () => {
  it("compute hex HMAC-SHA256 and MD5", () => {
    expect(hmacHex("key", "The quick brown fox jumps over the lazy dog")).toBe(
      "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
  });

  it("compare in constant time, including different lengths", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(safeEqual("", "")).toBe(true);
  });
});

describe("HTTP API request signatures", () => {
  const now = 1_700_000_000;
  const body = JSON.stringify({ name: "ticket", channels: ["company-1"], data: "{}" });
  const request = (query: string, overrides: { body?: string; path?: string; method?: string } = {}) => ({
    method: overrides.method ?? "POST",
    path: overrides.path ?? "/apps/3/events",
    query: new URLSearchParams(query),
    body: overrides.body ?? body,
  });

  it("verify the server SDK's createSignedQueryString", () => {
    const query = sdk.createSignedQueryString({ method: "POST", path: "/apps/3/events", body });
    expect(verifyApiRequest(request(query), app)).toEqual({ ok: true });
    const get = sdk.createSignedQueryString({ method: "GET", path: "/apps/3/channels", params: { filter_by_prefix: "presence-" } });
    expect(verifyApiRequest(request(get, { method: "GET", path: "/apps/3/channels", body: "" }), app)).toEqual({ ok: true });
  });

  it("sign as the server SDK does", () => {
    const ours = signApiRequest({ ...app, method: "POST", path: "/apps/3/events", body, timestamp: now });
    expect(verifyApiRequest(request(ours), app, now)).toEqual({ ok: true });
    expect(stringToSign("post", "/p", { b: "2", a: "1", auth_signature: "x" })).toBe("POST\n/p\na=1&b=2");
  });

  it("refuse a timestamp more than 600 s off, either way, with a clear message", () => {
    const old = signApiRequest({ ...app, method: "POST", path: "/apps/3/events", body, timestamp: now - MAX_CLOCK_SKEW_SECONDS - 1 });
    const result = verifyApiRequest(request(old), app, now);
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(result.ok || result.message).toMatch(/Timestamp expired/);
    const future = signApiRequest({ ...app, method: "POST", path: "/apps/3/events", body, timestamp: now + 601 });
    expect(verifyApiRequest(request(future), app, now).ok).toBe(false);
    const edge = signApiRequest({ ...app, method: "POST", path: "/apps/3/events", body, timestamp: now - 600 });
    expect(verifyApiRequest(request(edge), app, now).ok).toBe(true);
  });

  it("refuse a changed body, path, method, key or signature", () => {
    const query = signApiRequest({ ...app, method: "POST", path: "/apps/3/events", body, timestamp: now });
    expect(verifyApiRequest(request(query, { body: body.replace("{}", "{ }") }), app, now).ok).toBe(false);
    expect(verifyApiRequest(request(query, { path: "/apps/3/batch_events" }), app, now).ok).toBe(false);
    expect(verifyApiRequest(request(query, { method: "PUT" }), app, now).ok).toBe(false);
    expect(verifyApiRequest(request(query), { ...app, key: "other" }, now).ok).toBe(false);
    expect(verifyApiRequest(request(query), { ...app, secret: "other" }, now).ok).toBe(false);
    expect(verifyApiRequest(request(query.replace(/auth_signature=\w/, "auth_signature=0")), app, now).ok).toBe(false);
  });

  it("refuse a missing body_md5, an unknown auth_version and repeated parameters", () => {
    const signed = new URLSearchParams(signApiRequest({ ...app, method: "POST", path: "/apps/3/events", body, timestamp: now }));
    const noMd5 = new URLSearchParams(signed);
    noMd5.delete("body_md5");
    expect(verifyApiRequest(request(noMd5.toString()), app, now).ok).toBe(false);
    const version = new URLSearchParams(signed);
    version.set("auth_version", "2.0");
    expect(verifyApiRequest(request(version.toString()), app, now).ok).toBe(false);
    expect(verifyApiRequest(request(`${signed}&auth_key=${app.key}`), app, now)).toMatchObject({ ok: false, status: 400 });
  });
});
