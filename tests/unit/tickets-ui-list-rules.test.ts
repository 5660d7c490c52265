import { describe, expect, it } from "vitest";
import {
  applyDelete,
  applyUnread,
  applyFull,
  applyMessage,
  applyUpdate,
  isListedFor,
  outdatedAnswer,
  queueFilterParam,
  scopeKey,
  ticketsQuery,
  type FeedState,
} from "@/components/tickets/list/list-rules";
import type { FeedScope, ListViewer, TicketItem } from "@/components/tickets/list/ticket-types";

const agent: ListViewer = { id: 5, name: "Ana", isAdmin: false, allTicket: false, queueIds: [10] };
const admin: ListViewer = { id: 6, name: "Bia", isAdmin: true, allTicket: false, queueIds: [] };
const scope = (over: Partial<FeedScope> = {}): FeedScope => ({ status: "open", showAll: false, queueIds: null, tagIds: [], userIds: [], text: "", ...over });
const queues = [{ id: 10, name: "Vendas", color: "#ff0000" }];

let nextId = 100;
function ticket(over: Partial<TicketItem> = {}): TicketItem {
  const id = over.id ?? nextId++;
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    unreadMessages: 0,
    lastMessage: "oi",
    updatedAt: "2024-05-10T12:00:00.000Z",
    isGroup: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    chatbot: false,
    userId: 5,
    queueId: 10,
    whatsappId: 1,
    contactId: id,
    contact: { id, name: `C${id}`, number: "5511999990000", profilePicUrl: "" },
    queue: queues[0],
    whatsapp: { id: 1, name: "Zap" },
    user: { id: 5, name: "Ana" },
    tags: [],
    ...over,
  };
}
const state = (items: TicketItem[], hasMore = false, count = items.length): FeedState => ({ items, count, hasMore });

describe("isListedFor", () => {
  it("shows in the open tab one's own tickets only, without show all", () => {
    expect(isListedFor({ status: "open", queueId: 10, userId: 5 }, scope(), agent)).toBe(true);
    expect(isListedFor({ status: "open", queueId: 10, userId: 9 }, scope(), agent)).toBe(false);
    expect(isListedFor({ status: "open", queueId: 10, userId: 9 }, scope(), admin)).toBe(false);
    expect(isListedFor({ status: "open", queueId: 11, userId: 9 }, scope({ showAll: true }), admin)).toBe(true);
    // "show all" is an admin's permission
    expect(isListedFor({ status: "open", queueId: 11, userId: 9 }, scope({ showAll: true }), agent)).toBe(false);
  });

  it("shows pending tickets of one's queues or none; every queue for admins and allTicket users", () => {
    const pending = scope({ status: "pending" });
    expect(isListedFor({ status: "pending", queueId: 10, userId: null }, pending, agent)).toBe(true);
    expect(isListedFor({ status: "pending", queueId: null, userId: null }, pending, agent)).toBe(true);
    expect(isListedFor({ status: "pending", queueId: 11, userId: null }, pending, agent)).toBe(false);
    expect(isListedFor({ status: "pending", queueId: 11, userId: null }, pending, { ...agent, allTicket: true })).toBe(true);
    expect(isListedFor({ status: "pending", queueId: 11, userId: null }, pending, admin)).toBe(true);
  });

  it("shows in closed and search whatever the viewer may open", () => {
    expect(isListedFor({ status: "closed", queueId: 10, userId: 9 }, scope({ status: "closed" }), agent)).toBe(true);
    expect(isListedFor({ status: "closed", queueId: 11, userId: 9 }, scope({ status: "closed" }), agent)).toBe(false);
    expect(isListedFor({ status: "closed", queueId: 11, userId: 5 }, scope({ status: undefined }), agent)).toBe(true);
    expect(isListedFor({ status: "open", queueId: 11, userId: 9 }, scope({ status: undefined }), admin)).toBe(true);
  });

  it("applies the status, queue, user and tag filters", () => {
    expect(isListedFor({ status: "closed", queueId: 11, userId: 9 }, scope({ showAll: true }), admin)).toBe(false);
    expect(isListedFor({ status: "open", queueId: 11, userId: 9 }, scope({ showAll: true, queueIds: [12] }), admin)).toBe(false);
    expect(isListedFor({ status: "open", queueId: null, userId: 9 }, scope({ showAll: true, queueIds: [12] }), admin)).toBe(true);
    expect(isListedFor({ status: "open", queueId: 1, userId: 9 }, scope({ status: undefined, showAll: true, userIds: [8] }), admin)).toBe(false);
    const tagged = { status: "open" as const, queueId: 1, userId: 9, tags: [{ id: 3 }, { id: 4 }] };
    expect(isListedFor(tagged, scope({ showAll: true, tagIds: [3, 4] }), admin)).toBe(true);
    expect(isListedFor(tagged, scope({ showAll: true, tagIds: [3, 5] }), admin)).toBe(false);
  });
});

describe("query helpers", () => {
  it("sends queueIds only when some queues are left out", () => {
    expect(queueFilterParam([1, 2, 3], [])).toBeNull();
    expect(queueFilterParam([1, 2, 3], [2, 99])).toEqual([1, 3]);
    expect(queueFilterParam([], [2])).toBeNull();
    // the API reads an empty list as no filter: none chosen is all
    expect(queueFilterParam([1, 2], [1, 2])).toBeNull();
  });

  it("builds the API query and one key per distinct query", () => {
    const qs = new URLSearchParams(ticketsQuery(scope({ status: undefined, text: "maria", queueIds: [1], tagIds: [2], userIds: [3] }), 2));
    expect(Object.fromEntries(qs)).toEqual({ pageNumber: "2", status: "", showAll: "false", searchParam: "maria", queueIds: "[1]", tags: "[2]", users: "[3]" });
    expect(new URLSearchParams(ticketsQuery(scope(), 1)).has("queueIds")).toBe(false);
    expect(scopeKey(scope())).toBe(scopeKey({ text: "", userIds: [], tagIds: [], queueIds: null, showAll: false, status: "open" }));
    expect(scopeKey(scope())).not.toBe(scopeKey(scope({ showAll: true })));
  });
});

describe("updateUnread (spec core §7)", () => {
  it("clears the unread count of a ticket the list holds, and leaves the rest", () => {
    const read = ticket({ unreadMessages: 3 });
    const other = ticket({ unreadMessages: 2 });
    const next = applyUnread(state([read, other]), read.id);
    expect(next.items.map((t) => t.unreadMessages)).toEqual([0, 2]);
    const same = state([other]);
    expect(applyUnread(same, read.id)).toBe(same);
  });
});

describe("live updates", () => {
  it("moves an updated ticket to the top with the event's fields, keeping the rest", () => {
    const a = ticket({ updatedAt: "2024-05-10T12:00:00.000Z" });
    const b = ticket({ updatedAt: "2024-05-10T11:00:00.000Z" });
    const out = applyUpdate(state([a, b]), { id: b.id, uuid: b.uuid, status: "open", queueId: 10, userId: 5, lastMessage: "novo", unreadMessages: 2, updatedAt: "2024-05-10T13:00:00.000Z" }, scope(), agent, queues);
    expect(out.state.items.map((t) => t.id)).toEqual([b.id, a.id]);
    expect(out.state.items[0]).toMatchObject({ lastMessage: "novo", unreadMessages: 2, user: { name: "Ana" }, whatsapp: { name: "Zap" } });
    expect(out.fetchId).toBeNull();
    expect(out.state.count).toBe(2);
  });

  it("removes a ticket that left the tab and asks for a whole new one", () => {
    const a = ticket();
    const gone = applyUpdate(state([a]), { id: a.id, uuid: a.uuid, status: "closed", queueId: 10, userId: 5 }, scope(), agent, queues);
    expect(gone.state.items).toEqual([]);
    expect(gone.state.count).toBe(0);
    const fresh = applyUpdate(state([]), { id: 7, uuid: "u7", status: "open", queueId: 10, userId: 5 }, scope(), agent, queues);
    expect(fresh.fetchId).toBe(7);
    expect(fresh.state.items).toEqual([]);
  });

  it("shows a new ticket at once when the event names its contact, and fetches the whole of it", () => {
    const a = ticket({ updatedAt: "2024-05-10T12:00:00.000Z" });
    const contact = { id: 70, name: "Bia", number: "5511900000070", profilePicUrl: "" };
    const patch = { id: 7, uuid: "u7", status: "open" as const, queueId: 10, userId: 5, whatsappId: 2, lastMessage: "oi", unreadMessages: 1, updatedAt: "2024-05-10T13:00:00.000Z", contact };
    const out = applyUpdate(state([a]), patch, scope(), agent, queues);
    expect(out.state.items.map((t) => t.id)).toEqual([7, a.id]);
    expect(out.state.items[0]).toMatchObject({ contact: { name: "Bia" }, lastMessage: "oi", unreadMessages: 1, whatsapp: null });
    expect(out.fetchId).toBe(7);
    expect(out.state.count).toBe(2);
  });

  it("drops names whose id changed and fetches the ticket again (transfer)", () => {
    const a = ticket();
    const out = applyUpdate(state([a]), { id: a.id, uuid: a.uuid, status: "open", queueId: 10, userId: 5, whatsappId: 2 }, scope(), agent, queues);
    expect(out.state.items[0].whatsapp).toBeNull();
    expect(out.fetchId).toBe(a.id);
  });

  it("keeps a text search to the tickets it shows", () => {
    const out = applyUpdate(state([]), { id: 9, uuid: "u9", status: "open", queueId: 10, userId: 5 }, scope({ status: undefined, text: "ana" }), agent, queues);
    expect(out).toMatchObject({ fetchId: null, recount: false });
  });

  it("inserts a fetched ticket once, and leaves older ones to the pages not loaded yet", () => {
    const a = ticket({ updatedAt: "2024-05-10T12:00:00.000Z" });
    const newer = ticket({ updatedAt: "2024-05-10T14:00:00.000Z" });
    const older = ticket({ updatedAt: "2024-05-09T10:00:00.000Z" });
    const added = applyFull(state([a], true, 41), newer, scope(), agent);
    expect(added.state.items.map((t) => t.id)).toEqual([newer.id, a.id]);
    expect(added.recount).toBe(true); // it may have been one of the unloaded pages
    expect(applyFull(added.state, newer, scope(), agent).state.items).toHaveLength(2);
    expect(applyFull(state([a], true, 41), older, scope(), agent).state.items).toEqual([a]);
    const complete = applyFull(state([a]), older, scope(), agent);
    expect(complete.state).toMatchObject({ count: 2, hasMore: false });
  });

  it("removes on a delete heard on the tab's own status only; the search tab checks first", () => {
    const a = ticket();
    expect(applyDelete(state([a]), a.id, "pending", scope()).state.items).toEqual([a]);
    expect(applyDelete(state([a]), a.id, "open", scope()).state.items).toEqual([]);
    expect(applyDelete(state([a]), a.id, "open", scope({ status: undefined })).fetchId).toBe(a.id);
    expect(applyDelete(state([], true, 50), 1, "open", scope()).recount).toBe(true);
  });

  it("shows a message before its ticket update arrives, never an older one", () => {
    const a = ticket({ lastMessage: "antes", updatedAt: "2024-05-10T12:00:00.000Z" });
    expect(applyMessage(state([a]), a.id, "depois", "2024-05-10T12:05:00.000Z").items[0].lastMessage).toBe("depois");
    expect(applyMessage(state([a]), a.id, "velha", "2024-05-10T11:00:00.000Z").items[0].lastMessage).toBe("antes");
  });
});

describe("outdatedAnswer", () => {
  const at = (iso: string) => Date.parse(iso);
  const item = { updatedAt: "2026-11-28T05:12:59.285Z" };
  it("keeps an answer nothing newer was heard about", () => {
    expect(outdatedAnswer(item, undefined, undefined)).toBe(false);
    expect(outdatedAnswer(item, { at: at(item.updatedAt), left: 0 }, { at: at(item.updatedAt), left: 0 })).toBe(false);
    // the same activity time heard again on another channel (an event Postgres wrote to the microsecond)
    expect(outdatedAnswer(item, undefined, { at: at("2026-11-28 05:12:59.285456+00"), left: 0 })).toBe(false);
  });
  it("asks again when an event said more while the answer was on its way", () => {
    // the customer's next message and the bot's answer moved the ticket meanwhile
    expect(outdatedAnswer(item, { at: at(item.updatedAt), left: 0 }, { at: at("2026-11-28T05:12:59.543Z"), left: 0 })).toBe(true);
    // it left a list meanwhile (a delete on its old channel)
    expect(outdatedAnswer(item, { at: at(item.updatedAt), left: 0 }, { at: at(item.updatedAt), left: 1 })).toBe(true);
  });
});
