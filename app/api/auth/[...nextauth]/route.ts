import { nextAuthRoute } from "@/lib/auth/nextauth-route";

// next-auth's own endpoints (session, csrf, credentials sign-in) under /api/auth/*; bad requests
// answer 4xx JSON (lib/auth/nextauth-route.ts).
export { nextAuthRoute as GET, nextAuthRoute as POST };
