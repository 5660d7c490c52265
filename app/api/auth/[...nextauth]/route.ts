import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

// next-auth's own endpoints (session, csrf, credentials sign-in) under /api/auth/*.
const handler = (req: Request, ctx: unknown) => NextAuth(authOptions())(req, ctx);

export { handler as GET, handler as POST };
