"use client";

import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { EVENTS, type TicketStatus } from "@/lib/realtime/channels";
import type { ListChannel } from "./list-channels";
import type { MessageEvent, TicketEvent } from "./ticket-types";

type Handlers = {
  onTicket: (event: TicketEvent, status: TicketStatus) => void;
  onMessage: (event: MessageEvent, status: TicketStatus) => void;
};

/** Listens to each list channel (one component each, as hooks cannot be called in a loop). */
export function TicketChannels({ list, ...handlers }: { list: ListChannel[] } & Handlers) {
  return (
    <>
      {list.map((ch) => (
        <ChannelListener key={ch.name} channel={ch} {...handlers} />
      ))}
    </>
  );
}

function ChannelListener({ channel, onTicket, onMessage }: { channel: ListChannel } & Handlers) {
  useRealtimeEvent<TicketEvent>(channel.name, EVENTS.ticket, (e) => onTicket(e, channel.status));
  useRealtimeEvent<MessageEvent>(channel.name, EVENTS.appMessage, (e) => onMessage(e, channel.status));
  return null;
}
