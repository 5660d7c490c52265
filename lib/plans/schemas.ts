import { z } from "zod";
import { idParams } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";
import { PLAN_FLAGS, type PlanFlag } from "./features";
import { parseMoney } from "./money";

// Catalogue keys (messages/*.json "validation.") of the plan form's own rules.
const WHOLE_NUMBER = "wholeNumber";
const INVALID_AMOUNT = "invalidAmount";
const INVALID_OPTION = "invalidOption";

const MAX_LIMIT = 100_000; // a bound, not a rule of the spec

const toBool = (v: unknown) => (v === "true" ? true : v === "false" ? false : v);
const flag = z.preprocess(toBool, z.boolean({ error: INVALID_OPTION }));
const limit = z.coerce.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(0, WHOLE_NUMBER).max(MAX_LIMIT, WHOLE_NUMBER);

// spec admin §3 Plan: name, users, connections, queues, value and the seven flags; isPublic: offered on sign-up
export const planFields = {
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  users: limit,
  connections: limit,
  queues: limit,
  // reais, as a number or as typed ("1.234,56")
  value: z.unknown().transform((v, ctx) => {
    const n = parseMoney(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: v === undefined || v === null || v === "" ? V.required : INVALID_AMOUNT });
      return z.NEVER;
    }
    return n;
  }),
  isPublic: flag,
};

/** The seven feature flags (PLAN_FLAGS), each made by `make`. */
const flagFields = <T extends z.ZodType>(make: () => T) => Object.fromEntries(PLAN_FLAGS.map((f) => [f, make()])) as Record<PlanFlag, T>;

/** POST /api/plans: name and limits required; spec admin §1: new plans have every flag on. */
export const createPlanSchema = z.object({
  name: planFields.name,
  users: planFields.users,
  connections: planFields.connections,
  queues: planFields.queues,
  value: planFields.value,
  isPublic: planFields.isPublic.optional().default(true),
  ...flagFields(() => flag.optional().default(true)),
});
export type CreatePlanInput = z.infer<typeof createPlanSchema>;

/** PUT /api/plans/{id}: what is sent changes, what is left out stays. */
export const updatePlanSchema = z.object({
  name: planFields.name.optional(),
  users: planFields.users.optional(),
  connections: planFields.connections.optional(),
  queues: planFields.queues.optional(),
  value: planFields.value.optional(),
  isPublic: planFields.isPublic.optional(),
  ...flagFields(() => flag.optional()),
});
export type UpdatePlanInput = Partial<CreatePlanInput>;

/** The add/edit dialog: every field present, the price as typed. */
export const planFormSchema = z.object({
  name: planFields.name,
  users: planFields.users,
  connections: planFields.connections,
  queues: planFields.queues,
  value: planFields.value,
  isPublic: z.boolean(),
  ...flagFields(() => z.boolean()),
});
/** What the dialog's fields hold: the price as typed, the limits as the number inputs give them. */
export type PlanFormInput = z.input<typeof planFormSchema>;
export type PlanFormValues = z.output<typeof planFormSchema>;

export const planIdParams = idParams;
