"use client";

import { Mail } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

export type MailView = { id: number; to: string; subject: string; text: string; createdAt: string };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** One kept mail: subject, recipient and time, then the text with its links clickable. */
export function MailCard({ mail }: { mail: MailView }) {
  const t = useTranslations("sandboxMail");
  const format = useFormatter();
  return (
    <article className="overflow-hidden rounded-xl border bg-card shadow-xs" data-testid="sandbox-mail-item">
      <header className="flex flex-wrap items-start gap-x-4 gap-y-1 border-b bg-muted/40 px-5 py-3">
        <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 className="font-medium leading-snug" data-testid="sandbox-mail-subject">
            {mail.subject}
          </h2>
          <p className="truncate text-sm text-muted-foreground">
            {t("to")}: <span className="text-foreground" data-testid="sandbox-mail-to">{mail.to}</span>
          </p>
        </div>
        <time dateTime={mail.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
          {format.dateTime(new Date(mail.createdAt), { dateStyle: "short", timeStyle: "medium" })}
        </time>
      </header>
      <div className="px-5 py-4 text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="sandbox-mail-text">
        {mail.text.split(URL_PATTERN).map((part, i) =>
          i % 2 === 1 ? (
            <a key={i} href={part} className="text-primary underline-offset-2 hover:underline" target="_blank" rel="noreferrer">
              {part}
            </a>
          ) : (
            part
          ),
        )}
      </div>
    </article>
  );
}
