import type { Duplex } from "node:stream";
import { type WsServerMessage, wsClientMessageSchema } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { Auth } from "../auth/auth.ts";
import { accountStatusError } from "../auth/auth.ts";
import { readSession } from "../auth/session.ts";
import type { EventBus, Unsubscribe } from "./bus.ts";
import { BROADCAST_CHANNEL, type Realtime, userChannel } from "./realtime.ts";

/** Close codes the web client understands. */
export const WS_CLOSE = { unauthenticated: 4401, disabled: 4403, shutdown: 1001 } as const;

/** A message serialised once, however many sockets it goes to (a tick batch reaches every socket). */
const frameOf = (message: WsServerMessage) => Buffer.from(JSON.stringify(message));
const sendFrame = (socket: WebSocket, frame: Buffer) => {
  if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
};
const send = (socket: WebSocket, message: WsServerMessage) => sendFrame(socket, frameOf(message));
/** Several frames for one socket leave in one write (`ws` keeps its TCP socket private). */
const sendFrames = (socket: WebSocket, frames: readonly Buffer[]) => {
  const raw = frames.length > 1 ? (socket as unknown as { _socket?: Duplex })._socket : undefined;
  raw?.cork();
  for (const frame of frames) sendFrame(socket, frame);
  raw?.uncork();
};

function isDisabling(message: unknown): boolean {
  const m = message as Partial<Extract<WsServerMessage, { type: "account.status" }>>;
  return m?.type === "account.status" && (m.userBlock === true || m.userStatus === "banned");
}

/**
 * /api/ws: one socket per tab, authenticated by the session cookie on upgrade. Sockets of a
 * member share one bus subscription per process; the bus carries events between processes.
 */
export async function realtimeGateway(
  app: FastifyInstance,
  opts: { auth: Auth; bus: EventBus; realtime: Realtime; trustedOrigins: ReadonlySet<string> },
) {
  const sockets = new Map<string, Set<WebSocket>>();
  const unsubscribers = new Map<string, Unsubscribe>();

  const deliver = (uid: string, event: unknown) => {
    const set = sockets.get(uid);
    if (!set) return;
    const messages = (Array.isArray(event) ? event : [event]) as WsServerMessage[];
    const frames = messages.map(frameOf);
    const disabling = messages.some(isDisabling);
    for (const socket of set) {
      sendFrames(socket, frames);
      if (disabling) socket.close(WS_CLOSE.disabled, "account disabled");
    }
  };
  const broadcastOff = opts.bus.subscribe(BROADCAST_CHANNEL, (message) => {
    const frame = frameOf(message as WsServerMessage);
    for (const set of sockets.values()) for (const socket of set) sendFrame(socket, frame);
  });

  app.addHook("onClose", async () => {
    broadcastOff();
    for (const off of unsubscribers.values()) off();
    for (const set of sockets.values())
      for (const socket of set) socket.close(WS_CLOSE.shutdown, "server shutting down");
  });

  app.get("/api/ws", { websocket: true, schema: { hide: true } }, async (socket, request) => {
    // Browsers always send Origin on a WebSocket; refusing foreign ones stops cross-site hijacking.
    if (!opts.trustedOrigins.has(request.headers.origin ?? "")) {
      socket.close(WS_CLOSE.disabled, "origin not allowed");
      return;
    }
    const current = await readSession(opts.auth, request.headers).catch(() => null);
    if (!current?.user.emailVerified) {
      socket.close(WS_CLOSE.unauthenticated, "sign in first");
      return;
    }
    const { user } = current;
    if (accountStatusError(user)) {
      send(socket, {
        type: "account.status",
        userBlock: Boolean(user.userBlock),
        userStatus: user.userStatus === "banned" ? "banned" : "active",
      });
      socket.close(WS_CLOSE.disabled, "account disabled");
      return;
    }
    let set = sockets.get(user.id);
    if (!set) {
      set = new Set();
      sockets.set(user.id, set);
      unsubscribers.set(
        user.id,
        opts.bus.subscribe(userChannel(user.id), (message) => deliver(user.id, message)),
      );
    }
    set.add(socket);
    // "ready" promises that events raised anywhere from now on reach this socket.
    await unsubscribers.get(user.id)?.ready;
    socket.on("message", (raw) => {
      let data: unknown;
      try {
        data = JSON.parse(raw.toString());
      } catch {
        return;
      }
      const parsed = wsClientMessageSchema.safeParse(data);
      if (!parsed.success) return;
      if (parsed.data.type === "ping") send(socket, { type: "pong" });
      else {
        const sender = { uid: user.id, role: user.role === "admin" ? ("admin" as const) : ("member" as const) };
        opts.realtime
          .handleClientMessage(sender, parsed.data)
          .catch((err) => request.log.warn({ err }, "ws message failed"));
      }
    });
    socket.on("close", () => {
      const current = sockets.get(user.id);
      if (!current) return;
      current.delete(socket);
      if (current.size === 0) {
        sockets.delete(user.id);
        unsubscribers.get(user.id)?.();
        unsubscribers.delete(user.id);
      }
    });
    send(socket, { type: "ready", uid: user.id });
  });
}
