// Postgres refuses the NUL character (U+0000) in text and jsonb: a string carrying one would make
// any insert or comparison fail with a database error (a 500). What users send is refused at
// validation (`findNul`, used by the route wrapper); what WhatsApp delivers is kept without it
// (`stripNul`, used by the ingest path), since a customer's message must never be lost.

export const INVALID_CHARACTERS = "invalidCharacters";

const NUL = "\u0000";

export const hasNul = (s: string) => s.includes(NUL);

/** The string without NUL characters (the same string when it has none). */
export const stripNul = (s: string) => (s.includes(NUL) ? s.replaceAll(NUL, "") : s);

type Node = { v: unknown; key: string | number | null; parent: Node | null };

const pathOf = (n: Node): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at: Node | null = n; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path (keys and indexes) of the first string or key holding a NUL in `value`, or null.
 * Walks plain objects, arrays and File names without recursion (and without copying paths), so
 * a deeply nested body can neither overflow the stack nor cost quadratic time.
 */
export function findNul(value: unknown): (string | number)[] | null {
  const stack: Node[] = [{ v: value, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === "string") {
      if (hasNul(v)) return pathOf(node);
    } else if (typeof File !== "undefined" && v instanceof File) {
      if (hasNul(v.name)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: node });
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (const [k] of entries) if (hasNul(k)) return [...pathOf(node), stripNul(k)];
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i][1], key: entries[i][0], parent: node });
    }
  }
  return null;
}

/** A copy of `value` with NUL removed from every string and key (plain objects and arrays). */
export function stripNulDeep<T>(value: T): T {
  if (typeof value === "string") return stripNul(value) as T;
  if (Array.isArray(value)) return value.map(stripNulDeep) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [stripNul(k), stripNulDeep(v)])) as T;
  }
  return value;
}
