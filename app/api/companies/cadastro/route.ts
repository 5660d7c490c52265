import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { signupSchema } from "@/lib/companies/schemas";
import { signUp } from "@/lib/companies/sign-up";

// POST /api/companies/cadastro — public company sign-up with a trial.
export const POST = route({ access: "public", body: signupSchema }, async ({ body }) => signUp(getDb(), body));
