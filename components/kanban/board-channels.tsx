"use client";

import type { ContactEvent } from "@/components/contacts/contact-types";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { EVENTS } from "@/lib/realtime/channels";
import type { CardPatch, LaneTag } from "./board-types";

export type TicketEvent = { action: "update"; ticket: CardPatch } | { action: "delete"; ticketId: number } | { action: string; ticketId?: number };
export type TagEvent = { action: "create" | "update"; tag: LaneTag } | { action: "delete"; tagId: number };

type Handlers = { onTicket: (e: TicketEvent) => void };

type CompanyHandlers = { companyChannel: string; onTag: (e: TagEvent) => void; onContact: (e: ContactEvent) => void };

/** Listens to each ticket list channel of the board (one component each: hooks cannot loop), and to tags and contacts. */
export function BoardChannels({ names, onTicket, companyChannel, onTag, onContact }: Handlers & CompanyHandlers & { names: string[] }) {
  useRealtimeEvent<TagEvent>(companyChannel, EVENTS.tag, onTag);
  useRealtimeEvent<ContactEvent>(companyChannel, EVENTS.contact, onContact);
  return (
    <>
      {names.map((name) => (
        <Listener key={name} name={name} onTicket={onTicket} />
      ))}
    </>
  );
}

function Listener({ name, onTicket }: Handlers & { name: string }) {
  useRealtimeEvent<TicketEvent>(name, EVENTS.ticket, onTicket);
  return null;
}
