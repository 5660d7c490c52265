"use client";

import type { ConversationMessage } from "./conversation-types";
import { MessageBody } from "./message-body";
import { CAPTIONED, hasMediaPart, MessageMedia, type MediaMessage } from "./message-media";

export type ContentMessage = MediaMessage;

/** Whether a message's text is shown: a text message's, or a caption under media that takes one. */
export const showsBody = (m: Pick<ConversationMessage, "body" | "mediaType">) =>
  m.body.trim() !== "" && (!m.mediaType || CAPTIONED.has(m.mediaType));

/** Whether MessageContent draws anything for the message (a quote falls back to a label). */
export const hasContent = (m: ContentMessage) => hasMediaPart(m) || showsBody(m);

/**
 * What a message says, drawn the same wherever it appears: the conversation's bubble, the admin's
 * peek and a quoted reply (issue 34). Its media or special body (location, contact card) first,
 * then its text through the one formatter (message-body.tsx).
 */
export function MessageContent({ message }: { message: ContentMessage }) {
  return (
    // display: contents keeps the text inline with what follows it (the bubble's floated time)
    <div className="contents" data-testid="message-content">
      {hasMediaPart(message) && (
        <div className="mb-1 pt-0.5">
          <MessageMedia message={message} />
        </div>
      )}
      {showsBody(message) && <MessageBody body={message.body} />}
    </div>
  );
}
