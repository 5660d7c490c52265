// A message body as WhatsApp formats it, turned into a small safe tree (spec core §2: emphasis
// becomes bold/strikethrough; only a, b/strong, em, u, code and del may appear; links open in a new
// tab). The tree holds plain strings and these tags only, so the renderer never parses HTML. The
// customer's own HTML counts only as exactly these tags: <b>/<strong>, <em>, <u>, <code> and <del>
// without attributes and closed, and <a href> with an http(s) or mailto address, shown as that
// address whatever its text said (a link's text may disguise where it goes). Any other tag, an
// unclosed one, or a link to another scheme is shown as the literal text it is. Entities are never
// decoded: "&lt;b&gt;" stays those characters, it can never become a tag or a scheme.

export type BodyTag = "strong" | "em" | "u" | "del" | "code";
export type BodyNode = string | { tag: BodyTag; children: BodyNode[] } | { tag: "a"; href: string; text: string };

/** The only tags formatBody can produce. */
export const ALLOWED_BODY_TAGS: ReadonlySet<string> = new Set(["a", "strong", "em", "u", "del", "code"]);

const EMPHASIS: Record<string, BodyTag> = { "*": "strong", _: "em", "~": "del" };

// atoms the emphasis scan steps over whole: ```block```, `inline code`, the allowed HTML elements,
// and links (http, https, www only — so "javascript:" and other schemes stay text)
const CODE = /```([\s\S]+?)```|`([^`\n]+)`/y;
const URL_AT = /(?<![\p{L}\p{N}@./:])(?:https?:\/\/|www\.)[^\s<>"'`]+/iuy;

// the customer's HTML: formatting tags without attributes, and <a> with well-formed attributes
const HTML_TAGS: Record<string, BodyTag> = { b: "strong", strong: "strong", em: "em", u: "u", code: "code", del: "del" };
const OPEN_TAG = /<(b|strong|em|u|code|del)\s*>/iy;
const ATTRS = String.raw`(?:\s+[a-z][\w-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?)*`;
const OPEN_A = new RegExp(String.raw`<a(${ATTRS})\s*>`, "iy");
const ATTR = /\s+([a-z][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/gi;
const TAG_START = /<(\/?)(b|strong|em|u|code|del|a)(?=[\s>])/gi;
const CLOSE_TAG = /<\/[a-z]+\s*>/iy;
// deeper HTML is shown as text: a body of thousands of nested tags must not exhaust the stack
const MAX_DEPTH = 16;

type Atom = { start: number; end: number; node: BodyNode };

/** The body as a list of strings and allowed tags; newlines stay inside the strings. */
export function formatBody(body: string): BodyNode[] {
  return parse(body ?? "", 0);
}

function parse(s: string, depth: number): BodyNode[] {
  const atoms = findAtoms(s, depth);
  const out: BodyNode[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push(text);
    text = "";
  };
  const byStart = new Map(atoms.map((x) => [x.start, x]));
  // where a marker's scan found no close: a later one of the same kind before that point finds none
  // either (without this, a line of thousands of lone "*" took seconds)
  const noClose: Record<string, number> = {};
  let i = 0;
  let a = 0;
  while (i < s.length) {
    while (a < atoms.length && atoms[a].start < i) a++;
    if (a < atoms.length && atoms[a].start === i) {
      const atom = atoms[a];
      // a link keeps its trailing text (e.g. the closing "*" trimmed off it) for the next round
      if (typeof atom.node === "string") text += atom.node;
      else {
        flush();
        out.push(atom.node);
      }
      i = atom.end;
      continue;
    }
    const tag = EMPHASIS[s[i]];
    const close = tag && !(i < noClose[s[i]]) ? closingOf(s, i, byStart, noClose) : -1;
    if (tag && close > 0) {
      flush();
      out.push({ tag, children: parse(s.slice(i + 1, close), depth + 1) });
      i = close + 1;
      continue;
    }
    text += s[i];
    i++;
  }
  flush();
  return out;
}

// left to right, so whatever starts first wins: "`<b>`" is code, "<code>*x*</code>" is code too
function findAtoms(s: string, depth: number): Atom[] {
  const atoms: Atom[] = [];
  const closes = depth < MAX_DEPTH && s.includes("<") ? pairTags(s) : null;
  let i = 0;
  while (i < s.length) {
    const atom = atomAt(s, i, depth, closes);
    if (atom) {
      atoms.push(atom);
      i = atom.end;
    } else i++;
  }
  return atoms;
}

type Closes = Map<number, { start: number; end: number }>;

function atomAt(s: string, start: number, depth: number, closes: Closes | null): Atom | null {
  const c = s[start];
  if (c === "`") {
    CODE.lastIndex = start;
    const m = CODE.exec(s);
    return m && { start, end: start + m[0].length, node: { tag: "code", children: [m[1] ?? m[2]] } };
  }
  if (c === "<") return closes ? elementAt(s, start, depth, closes) : null;
  if (!/[hw]/i.test(c)) return null;
  URL_AT.lastIndex = start;
  const m = URL_AT.exec(s);
  if (!m) return null;
  const raw = trimUrl(m[0]);
  const href = safeHref(raw);
  return { start, end: start + raw.length, node: href ? { tag: "a", href, text: raw } : raw };
}

// an allowed opening tag at `start`: its name and where its content starts
function openingAt(s: string, start: number): { name: string; from: number; attrs: string } | null {
  OPEN_TAG.lastIndex = start;
  const open = OPEN_TAG.exec(s);
  if (open) return { name: open[1].toLowerCase(), from: start + open[0].length, attrs: "" };
  OPEN_A.lastIndex = start;
  const anchor = OPEN_A.exec(s);
  return anchor && { name: "a", from: start + anchor[0].length, attrs: anchor[1] };
}

/** An allowed HTML element opening at `start` and closed later, or null (then it is text). */
function elementAt(s: string, start: number, depth: number, closes: Closes): Atom | null {
  const open = openingAt(s, start);
  const close = open && closes.get(start);
  if (!open || !close) return null;
  const { end } = close;
  if (open.name === "a") {
    // spec: links open in a new tab; the text shown is the address itself, never the customer's
    const href = anchorHref(open.attrs);
    return href ? { start, end, node: { tag: "a", href, text: href } } : null;
  }
  const tag = HTML_TAGS[open.name];
  const inner = s.slice(open.from, close.start);
  return { start, end, node: { tag, children: tag === "code" ? (inner ? [inner] : []) : parse(inner, depth + 1) } };
}

/**
 * Where each allowed tag opening in `s` closes, in one pass (a body of thousands of unclosed tags
 * stays linear): the same tag nests, except a and code, which end at their first close.
 */
function pairTags(s: string): Closes {
  const closes: Closes = new Map();
  const pending: Record<string, { start: number; from: number }[]> = {};
  for (const m of s.matchAll(TAG_START)) {
    const name = m[2].toLowerCase();
    const stack = (pending[name] ??= []);
    if (!m[1]) {
      const open = openingAt(s, m.index);
      if (open && open.name === name) stack.push({ start: m.index, from: open.from });
      continue;
    }
    CLOSE_TAG.lastIndex = m.index;
    const closing = CLOSE_TAG.exec(s);
    if (!closing) continue;
    const close = { start: m.index, end: m.index + closing[0].length };
    if (name !== "a" && name !== "code") {
      const top = stack.pop();
      if (top) closes.set(top.start, close);
      continue;
    }
    // every a (or code) still open ends here, except one whose attributes hold this "</a>"
    for (const o of stack) if (o.from <= close.start) closes.set(o.start, close);
    pending[name] = stack.filter((o) => o.from > close.start);
  }
  return closes;
}

// the first href of an <a>'s attributes, when it is an http(s) or mailto address
function anchorHref(attrs: string): string | null {
  for (const m of attrs.matchAll(ATTR)) {
    if (m[1].toLowerCase() === "href") return linkHref(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return null;
}

// sentence punctuation and emphasis markers after a link are not part of it; a ")" is kept when
// the link opened one (wikipedia-style paths)
function trimUrl(url: string): string {
  let u = url;
  for (;;) {
    const last = u.at(-1) ?? "";
    if (/[.,;:!?*_~\]}'"]/.test(last)) u = u.slice(0, -1);
    else if (last === ")" && count(u, "(") < count(u, ")")) u = u.slice(0, -1);
    else return u;
  }
}

const count = (s: string, c: string) => s.split(c).length - 1;

/** An http, https or mailto address for a customer's <a>, as the browser would open it, or null. */
export function linkHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** An http(s) address for the link, or null (anything else stays text). */
export function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const isSpace = (c: string | undefined) => c === undefined || /\s/u.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Where the marker opened at `i` closes, or -1. As in WhatsApp: it opens after a start, space or
 * punctuation and before a non-space; it closes after a non-space and before an end, space or
 * punctuation; never across a line break; markers inside code and links do not count.
 */
function closingOf(s: string, i: number, atoms: Map<number, Atom>, noClose: Record<string, number>): number {
  const marker = s[i];
  if (isWordChar(s[i - 1]) || isSpace(s[i + 1]) || s[i + 1] === marker) return -1;
  // s[i + 1] is neither a space nor the marker: starting there only steps over an atom opening there
  let j = i + 1;
  while (j < s.length) {
    const atom = atoms.get(j);
    if (atom) {
      j = atom.end;
      continue;
    }
    if (s[j] === "\n") break;
    if (j > i + 1 && s[j] === marker && !isSpace(s[j - 1]) && !isWordChar(s[j + 1])) return j;
    j++;
  }
  noClose[marker] = j;
  return -1;
}

// what is left of tags in a preview's text: the list shows no markup, not even as text
const TAG_TEXT = /<\/?[a-z][^<>]*>|<!--[\s\S]*?-->|<![^<>]*>/gi;

/** The body's text without its emphasis markers or any tag (list previews, notifications). */
export function plainBody(body: string): string {
  const text = (nodes: BodyNode[]): string =>
    nodes.map((n) => (typeof n === "string" ? n : n.tag === "a" ? n.text : text(n.children))).join("");
  return text(formatBody(body)).replace(TAG_TEXT, "");
}
