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
  // spec core §5 (User, Contact) and admin §5 (contact list items) write these in English, and the
  // Portuguese screens show them as written: the pt catalogue keeps 'Required', 'Too Short!',
  // 'Too Long!' and 'Invalid email' for the forms of people (users, contacts)
  fieldRequired: "fieldRequired",
  fieldTooShort: "fieldTooShort",
  fieldTooLong: "fieldTooLong",
  fieldInvalidEmail: "fieldInvalidEmail",
} as const;
