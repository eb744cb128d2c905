import type { WsClientMessage, WsServerMessage } from "@helio/shared";
import { publishSessionsEnded } from "../auth/session-end.ts";
import type { EventBus } from "./bus.ts";

export type ClientMessageHandler<T extends WsClientMessage["type"]> = (
  sender: { uid: string; role: "member" | "admin" },
  message: Extract<WsClientMessage, { type: T }>,
) => Promise<void> | void;

/** How features push messages to members' open tabs, on whichever process they are connected. */
export interface Realtime {
  /** Messages given together reach each of the user's tabs together, in their order (one bus event). */
  toUser(uid: string, message: WsServerMessage | readonly WsServerMessage[]): Promise<void>;
  toEveryone(message: WsServerMessage): Promise<void>;
  /** Closes the sockets of these sessions on every process (for sessions ended outside better-auth). */
  endSessions(sessionIds: readonly string[]): Promise<void>;
  /** A feature's handler for one type of message sent by a tab (validated by its schema first). */
  onClientMessage<T extends WsClientMessage["type"]>(type: T, handler: ClientMessageHandler<T>): void;
  /** Used by the gateway. */
  handleClientMessage(sender: { uid: string; role: "member" | "admin" }, message: WsClientMessage): Promise<void>;
}

export const userChannel = (uid: string) => `user:${uid}`;
export const BROADCAST_CHANNEL = "broadcast";

export function createRealtime(bus: EventBus): Realtime {
  const handlers = new Map<string, ClientMessageHandler<never>>();
  return {
    toUser: (uid, message) => bus.publish(userChannel(uid), message),
    toEveryone: (message) => bus.publish(BROADCAST_CHANNEL, message),
    endSessions: (sessionIds) => publishSessionsEnded(bus, sessionIds),
    onClientMessage(type, handler) {
      handlers.set(type, handler as unknown as ClientMessageHandler<never>);
    },
    async handleClientMessage(sender, message) {
      await handlers.get(message.type)?.(sender, message as never);
    },
  };
}
