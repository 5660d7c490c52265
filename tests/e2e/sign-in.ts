import { expect, type Page } from "@playwright/test";
import { localeCookie, rememberedItems, type LoginAnswer } from "@/components/auth/remember-session";

/**
 * Signs the page's browser context in the way the login form does, without loading /login and the
 * page the form lands on: the same POST /api/auth/login (its answer sets the session cookies in the
 * context), then what the form's rememberSession keeps in the browser (localStorage and the locale
 * cookie), then `to`. For tests whose subject is not signing in: the form itself stays driven
 * through its page by session.spec.ts (wrong credentials, the landing page, logout),
 * login-limit.spec.ts, signup.spec.ts, password-reset.spec.ts (the new password), realtime.spec.ts
 * (a second login ends the first session), super-admin.spec.ts (a new company's admin signs in
 * until suspended) and newcomer.spec.ts's last step.
 */
export async function signIn(page: Page, email: string, password: string, to = "/tickets") {
  const res = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(res.ok(), `sign-in of ${email}: ${res.status()} ${await res.text()}`).toBe(true);
  const answer = (await res.json()) as LoginAnswer;
  // the storage of the app's origin: a small same-origin document, then what the form keeps
  await page.goto("/api/version");
  await page.evaluate(
    ({ items, cookie }) => {
      for (const [key, value] of items) {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      }
      if (cookie) document.cookie = cookie;
    },
    { items: rememberedItems(answer), cookie: answer.user.locale ? localeCookie(answer.user.locale) : null },
  );
  await page.goto(to);
}
