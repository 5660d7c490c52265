// Validation messages are catalogue keys under "validation." (messages/*.json), so the same zod
// schema serves the form (translated on screen) and the route handler (key in the 400 answer).
export const V = {
  required: "required",
  tooShort: "tooShort",
  tooLong: "tooLong",
  invalidEmail: "invalidEmail",
  signupInvalidEmail: "signupInvalidEmail",
  phoneDigits: "phoneDigits",
  phoneRequired: "phoneRequired",
  planRequired: "planRequired",
} as const;
