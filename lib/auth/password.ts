import bcrypt from "bcryptjs";

/**
 * bcrypt's work factor: 10 everywhere the product runs. Under the test runner (NODE_ENV=test, set by
 * vitest; never by `npm start` or the demo) it is 4, bcrypt's minimum: the same algorithm, format
 * and checks at 1/64 of the key stretching, which was a quarter of the integration tier's CPU. A hash
 * carries its own cost, so every stored hash verifies whatever the current one is.
 */
export const passwordCost = (nodeEnv: string | undefined) => (nodeEnv === "test" ? 4 : 10);

const COST = passwordCost(process.env.NODE_ENV);

/** Compared against when an email is unknown, so both failures take the time of one at COST. */
export const DUMMY_HASH =
  COST === 4 ? "$2b$04$K2WveGrlCF1EJuSr5XoxN.w9h.6TSScRa9BmttTyR2U49EqrZVP0K" : "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.jzkTzcQ3G0nV6x1Z8Q2Q6v1nHk2a";

export const hashPassword = (plain: string) => bcrypt.hash(plain, COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);
