// Who is subscribed to what, and who is present where. A channel exists only while it has a
// subscriber, so "occupied" is simply "in the map".
import { isPresenceChannel } from "./protocol";

/** What the registry needs of a connection: its id and a way to hand it an encoded frame. */
export type Subscriber = {
  readonly socketId: string;
  send(frame: Buffer): void;
};

export type PresenceMember = { userId: string; userInfo: unknown };

type Member = { info: unknown; sockets: number };

type Channel = {
  subscribers: Set<Subscriber>;
  // presence only: one user may be present through several sockets (tabs); they count once
  members?: Map<string, Member>;
  memberOf?: Map<Subscriber, string>;
};

export type PresenceSnapshot = { ids: string[]; hash: Record<string, unknown>; count: number };

export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  /** Adds a subscriber; for presence, says whether its user just arrived (the others are told then). */
  subscribe(name: string, subscriber: Subscriber, member?: PresenceMember): { isNewMember: boolean } {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = isPresenceChannel(name) ? { subscribers: new Set(), members: new Map(), memberOf: new Map() } : { subscribers: new Set() };
      this.channels.set(name, channel);
    }
    const wasSubscribed = channel.subscribers.has(subscriber);
    channel.subscribers.add(subscriber);
    if (!member || !channel.members || !channel.memberOf || wasSubscribed) return { isNewMember: false };

    channel.memberOf.set(subscriber, member.userId);
    const existing = channel.members.get(member.userId);
    if (existing) {
      existing.sockets += 1;
      return { isNewMember: false };
    }
    channel.members.set(member.userId, { info: member.userInfo, sockets: 1 });
    return { isNewMember: true };
  }

  /** Removes a subscriber; for presence, returns the user id when its last socket left. */
  unsubscribe(name: string, subscriber: Subscriber): { removedUserId?: string } {
    const channel = this.channels.get(name);
    if (!channel || !channel.subscribers.delete(subscriber)) return {};
    let removedUserId: string | undefined;
    const userId = channel.memberOf?.get(subscriber);
    if (userId !== undefined && channel.members && channel.memberOf) {
      channel.memberOf.delete(subscriber);
      const member = channel.members.get(userId);
      if (member && --member.sockets === 0) {
        channel.members.delete(userId);
        removedUserId = userId;
      }
    }
    if (channel.subscribers.size === 0) this.channels.delete(name);
    return { removedUserId };
  }

  isSubscribed(name: string, subscriber: Subscriber): boolean {
    return this.channels.get(name)?.subscribers.has(subscriber) ?? false;
  }

  /** The user id a subscriber is present as (presence channels), for client events' `user_id`. */
  userIdOf(name: string, subscriber: Subscriber): string | undefined {
    return this.channels.get(name)?.memberOf?.get(subscriber);
  }

  /**
   * Sends one already-encoded frame to every subscriber but one: the frame is built once per
   * channel by the caller, never per socket. Returns how many sockets it went to.
   */
  broadcast(name: string, frame: Buffer, except?: Subscriber | string): number {
    const channel = this.channels.get(name);
    if (!channel) return 0;
    let delivered = 0;
    for (const subscriber of channel.subscribers) {
      if (subscriber === except || subscriber.socketId === except) continue;
      subscriber.send(frame);
      delivered++;
    }
    return delivered;
  }

  presence(name: string): PresenceSnapshot {
    const members = this.channels.get(name)?.members;
    const hash: Record<string, unknown> = {};
    if (members) for (const [id, member] of members) hash[id] = member.info ?? null;
    const ids = Object.keys(hash);
    return { ids, hash, count: ids.length };
  }

  subscriptionCount(name: string): number {
    return this.channels.get(name)?.subscribers.size ?? 0;
  }

  userCount(name: string): number {
    return this.channels.get(name)?.members?.size ?? 0;
  }

  occupiedNames(): IterableIterator<string> {
    return this.channels.keys();
  }

  get size(): number {
    return this.channels.size;
  }
}
