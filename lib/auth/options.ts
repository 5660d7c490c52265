import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { findNul } from "@/lib/validation/nul";
import { clientAddress } from "./client-address";
import { login } from "./login";
import { loginSchema } from "./schemas";

/**
 * next-auth configuration: credentials, JWT sessions. The session cookie it writes carries the same
 * claims as the tokens of POST /api/auth/login, so every reader (route wrapper, pages) accepts both.
 */
export function authOptions(): NextAuthOptions {
  const env = getEnv();
  return {
    secret: env.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: env.REFRESH_TOKEN_TTL },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(raw, req) {
          // as the route wrapper does for POST /api/auth/login: NUL never reaches the database
          if (findNul(raw)) throw new Error("ERR_VALIDATION");
          const input = loginSchema.safeParse(raw);
          if (!input.success) throw new Error("ERR_INVALID_CREDENTIALS");
          try {
            // the same login, attempt limits included, as POST /api/auth/login: no way around them
            const s = await login(getDb(), input.data, { address: clientAddress(req?.headers ?? {}) });
            const u = s.user;
            return { id: String(u.id), name: u.name, email: u.email, claims: claimsOf(s) };
          } catch (e) {
            throw new Error(e instanceof AppError ? e.code : "ERR_INTERNAL");
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const claims = (user as { claims?: Record<string, unknown> } | undefined)?.claims;
        return claims ? { ...token, ...claims } : token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.id, companyId: token.companyId, profile: token.profile };
      },
    },
  };
}

function claimsOf(s: Awaited<ReturnType<typeof login>>) {
  const u = s.user;
  // The token version is the one login just wrote; read it back from the session we issued.
  return { id: u.id, companyId: u.companyId, profile: u.profile, super: u.super, sid: s.sid, tv: s.tokenVersion };
}
