// A message body as WhatsApp formats it, turned into a small safe tree (spec core §2: emphasis
// becomes bold/strikethrough; only a, b/strong, em, u, code and del may appear; links open in a new
// tab). The tree holds plain strings and these tags only, so the renderer never parses HTML: a
// body with <script> or <img onerror> is shown as the literal text it is.

export type BodyTag = "strong" | "em" | "del" | "code";
export type BodyNode = string | { tag: BodyTag; children: BodyNode[] } | { tag: "a"; href: string; text: string };

/** The only tags formatBody can produce. */
export const ALLOWED_BODY_TAGS: ReadonlySet<string> = new Set(["a", "strong", "em", "del", "code"]);

const EMPHASIS: Record<string, BodyTag> = { "*": "strong", _: "em", "~": "del" };

// atoms the emphasis scan steps over whole: ```block```, `inline code`, and links (http, https,
// www only — so "javascript:" and other schemes stay text)
const ATOM = /```([\s\S]+?)```|`([^`\n]+)`|(?<![\p{L}\p{N}@./:])((?:https?:\/\/|www\.)[^\s<>"'`]+)/giu;

type Atom = { start: number; end: number; node: BodyNode };

/** The body as a list of strings and allowed tags; newlines stay inside the strings. */
export function formatBody(body: string): BodyNode[] {
  return parse(body ?? "");
}

function parse(s: string): BodyNode[] {
  const atoms = findAtoms(s);
  const out: BodyNode[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push(text);
    text = "";
  };
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
    const close = tag ? closingOf(s, i, atoms) : -1;
    if (tag && close > 0) {
      flush();
      out.push({ tag, children: parse(s.slice(i + 1, close)) });
      i = close + 1;
      continue;
    }
    text += s[i];
    i++;
  }
  flush();
  return out;
}

function findAtoms(s: string): Atom[] {
  const atoms: Atom[] = [];
  for (const m of s.matchAll(ATOM)) {
    const start = m.index;
    if (m[1] !== undefined) atoms.push({ start, end: start + m[0].length, node: { tag: "code", children: [m[1]] } });
    else if (m[2] !== undefined) atoms.push({ start, end: start + m[0].length, node: { tag: "code", children: [m[2]] } });
    else {
      const raw = trimUrl(m[3]);
      const href = safeHref(raw);
      atoms.push({ start, end: start + raw.length, node: href ? { tag: "a", href, text: raw } : raw });
    }
  }
  return atoms;
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
function closingOf(s: string, i: number, atoms: Atom[]): number {
  const marker = s[i];
  if (isWordChar(s[i - 1]) || isSpace(s[i + 1]) || s[i + 1] === marker) return -1;
  let j = i + 2;
  while (j < s.length) {
    const atom = atoms.find((x) => x.start <= j && j < x.end);
    if (atom) {
      j = atom.end;
      continue;
    }
    if (s[j] === "\n") return -1;
    if (s[j] === marker && !isSpace(s[j - 1]) && !isWordChar(s[j + 1])) return j;
    j++;
  }
  return -1;
}

/** The body's text without its emphasis markers (list previews, notifications). */
export function plainBody(body: string): string {
  const text = (nodes: BodyNode[]): string =>
    nodes.map((n) => (typeof n === "string" ? n : n.tag === "a" ? n.text : text(n.children))).join("");
  return text(formatBody(body));
}
