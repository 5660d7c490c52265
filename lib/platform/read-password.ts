import { createInterface } from "node:readline";

/**
 * A password from stdin for the admin CLI. On a terminal: asked on stderr and typed without echo
 * (raw mode; Enter ends, Backspace erases, Ctrl-C or Ctrl-D cancels). From a pipe: its first line.
 * Resolves null when nothing was given.
 */
export function readPassword(prompt: string, input: NodeJS.ReadStream = process.stdin): Promise<string | null> {
  return input.isTTY ? readHidden(prompt, input) : readFirstLine(input);
}

function readFirstLine(input: NodeJS.ReadStream): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, terminal: false });
    let first: string | null = null;
    lines.once("line", (line) => {
      first = line.replace(/\r$/, "");
      lines.close();
    });
    lines.once("close", () => resolve(first));
  });
}

function readHidden(prompt: string, input: NodeJS.ReadStream): Promise<string | null> {
  return new Promise((resolve) => {
    let typed = "";
    // echo off before the prompt shows: what is typed right after it must not appear
    input.setRawMode(true);
    process.stderr.write(prompt);
    input.setEncoding("utf8");
    input.resume();
    const done = (value: string | null) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done(typed);
        if (ch === "\u0003" || ch === "\u0004") return done(null);
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    input.on("data", onData);
  });
}
