import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { GET as listUsers } from "@/app/api/users/route";
import { GET as version } from "@/app/api/version/route";
import { createTenant, loginAs } from "../helpers/factories";
import { call } from "../helpers/http";

// Whether `/api/users/` reaches the same handler as `/api/users` is decided by Next's router, which
// these in-process calls bypass: here we check the config that makes Next answer both without a
// redirect, and that a handler does not care how the URL it receives ends. The real round trip
// over HTTP belongs to the Playwright tier.
describe("trailing slashes", () => {
  it("Next is configured not to redirect them", () => {
    expect((nextConfig as { skipTrailingSlashRedirect?: boolean }).skipTrailingSlashRedirect).toBe(true);
    expect((nextConfig as { trailingSlash?: boolean }).trailingSlash).not.toBe(true);
  });

  it("a handler answers the same with and without the slash", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const plain = await call(listUsers, { url: "/api/users?pageNumber=1", token });
    const slash = await call(listUsers, { url: "/api/users/?pageNumber=1", token });
    expect(slash.status).toBe(200);
    expect(slash.body).toEqual(plain.body);
    const v = await call(version, { url: "/api/version/" });
    expect(v.status).toBe(200);
    expect(v.body).toEqual((await call(version, { url: "/api/version" })).body);
  });
});
