import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { clientAddress } from "@/lib/auth/client-address";
import { signupSchema } from "@/lib/companies/schemas";
import { signUp } from "@/lib/companies/sign-up";

// POST /api/companies/cadastro — public company sign-up with a trial.
export const POST = route({ access: "public", body: signupSchema }, async ({ req, body }) =>
  signUp(getDb(), body, { address: clientAddress(req.headers) }),
);
