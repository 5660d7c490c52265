// State shared by the WebSocket and HTTP sides of one server.
import type { ChannelRegistry } from "./channels";
import type { Connection } from "./ws-connection";

export type RealtimeApp = { appId: string; key: string; secret: string };

export type Counters = {
  /** events accepted through the HTTP API (one per channel) */
  published: number;
  /** frames handed to sockets, events and client events alike */
  delivered: number;
  /** subscriptions refused for a bad signature */
  refusedSubscriptions: number;
};

export type RealtimeContext = {
  app: RealtimeApp;
  activityTimeoutSeconds: number;
  registry: ChannelRegistry;
  connections: Map<string, Connection>;
  counters: Counters;
};
