import { Fragment, type ReactNode } from "react";
import { formatBody, type BodyNode } from "@/lib/messages/format-body";

// Message text as React elements from the safe tree of formatBody: strings are escaped by React and
// only strong, em, u, del, code and a are ever created (never dangerouslySetInnerHTML). The one
// formatter of message text: the bubble, the admin's peek and quoted replies all draw it
// (message-content.tsx).

function render(nodes: BodyNode[]): ReactNode[] {
  return nodes.map((n, i) => {
    if (typeof n === "string") return <Fragment key={i}>{n}</Fragment>;
    switch (n.tag) {
      case "a":
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer" className="break-all text-sky-700 underline underline-offset-2 dark:text-sky-400">
            {n.text}
          </a>
        );
      case "strong":
        return <strong key={i}>{render(n.children)}</strong>;
      case "em":
        return <em key={i}>{render(n.children)}</em>;
      case "u":
        return <u key={i}>{render(n.children)}</u>;
      case "del":
        return <del key={i}>{render(n.children)}</del>;
      case "code":
        return (
          <code key={i} className="rounded bg-black/5 px-1 py-0.5 font-mono text-[0.85em] dark:bg-white/10">
            {render(n.children)}
          </code>
        );
    }
  });
}

/** The body with WhatsApp emphasis and links; newlines kept by the pre-wrap style. */
export function MessageBody({ body, className }: { body: string; className?: string }) {
  return (
    <span className={className ?? "whitespace-pre-wrap break-words [overflow-wrap:anywhere]"} data-testid="message-body">
      {render(formatBody(body))}
    </span>
  );
}
