import type { Duplex } from "node:stream";
import fastifyWebsocket from "@fastify/websocket";
import { jsonText, type WsServerMessage, wsClientMessageSchema } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { Auth } from "../auth/auth.ts";
import { accountStatusError } from "../auth/auth.ts";
import { impersonatorOf, readSession } from "../auth/session.ts";
import { SESSION_ENDED_CHANNEL, type SessionEndedEvent, type SessionLiveness } from "../auth/session-end.ts";
import { impersonationReadOnly } from "../http/errors.ts";
import type { EventBus, Unsubscribe } from "./bus.ts";
import { createMessageLimiter, type SocketMessageLimits } from "./message-limit.ts";
import { BROADCAST_CHANNEL, type Realtime, userChannel } from "./realtime.ts";

/** Close codes the web client understands. */
export const WS_CLOSE = { unauthenticated: 4401, disabled: 4403, shutdown: 1001, policyViolation: 1008 } as const;
/** Reasons sent with the close codes (4401 makes the web client ask for a sign-in). */
export const WS_CLOSE_REASON = {
  sessionEnded: "session ended",
  flood: "too many messages",
} as const;
/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A message serialised once, however many sockets it goes to (a tick batch reaches every socket). */
const frameOf = (message: WsServerMessage) => Buffer.from(jsonText(message));
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
  opts: {
    auth: Auth;
    bus: EventBus;
    realtime: Realtime;
    trustedOrigins: ReadonlySet<string>;
    /** Re-reads a session from the database (no cache): before a socket acts, and at its expiry. */
    sessionLiveness: (sessionId: string) => Promise<SessionLiveness>;
    messageLimits: SocketMessageLimits;
    /** Counts the open sockets (the metrics' gauge). */
    connections?: { inc(): void; dec(): void };
  },
) {
  // Registered here, not for the whole app: its hooks would otherwise run on every HTTP request.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const sockets = new Map<string, Set<WebSocket>>();
  const unsubscribers = new Map<string, Unsubscribe>();
  /** Sockets by the session they were opened with, so an ended session closes exactly its own. */
  const bySession = new Map<string, Set<WebSocket>>();
  const limiter = createMessageLimiter(opts.messageLimits);
  const endSocket = (socket: WebSocket, code: number, reason: string) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  };

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

  // Any process may end a session (sign-out, revoke, password or 2FA change, admin): each closes
  // the sockets it holds for it. Closing stops delivery at once (only OPEN sockets are sent to).
  const sessionEndedOff = opts.bus.subscribe(SESSION_ENDED_CHANNEL, (message) => {
    for (const sessionId of (message as SessionEndedEvent).sessionIds ?? []) {
      for (const socket of bySession.get(sessionId) ?? [])
        endSocket(socket, WS_CLOSE.unauthenticated, WS_CLOSE_REASON.sessionEnded);
    }
  });

  app.addHook("onClose", async () => {
    broadcastOff();
    sessionEndedOff();
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
    const { user, session } = current;
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
    opts.connections?.inc();
    socket.once("close", () => opts.connections?.dec());
    let sessionSockets = bySession.get(session.id);
    if (!sessionSockets) {
      sessionSockets = new Set();
      bySession.set(session.id, sessionSockets);
    }
    sessionSockets.add(socket);

    // Expiry deletes no row by itself (better-auth deletes it when next read), so each socket
    // wakes at its session's expiry and asks again: one timer per socket and one query per expiry
    // (a refreshed session moved its expiry on: wait for the new one). A periodic sweep would
    // cost a query per socket per period; this costs one per socket per session lifetime.
    let expiryTimer: NodeJS.Timeout | undefined;
    let watchedExpiry = 0;
    /** Null when the session is live and the member active; otherwise the socket is closed. */
    const stillLive = async (): Promise<SessionLiveness> => {
      const live = await opts.sessionLiveness(session.id);
      if (!live) endSocket(socket, WS_CLOSE.unauthenticated, WS_CLOSE_REASON.sessionEnded);
      else if (live.disabled) endSocket(socket, WS_CLOSE.disabled, "account disabled");
      else if (live.expiresAt.getTime() !== watchedExpiry && socket.readyState === socket.OPEN)
        watchExpiry(live.expiresAt);
      return live && !live.disabled ? live : null;
    };
    const watchExpiry = (expiresAt: Date) => {
      clearTimeout(expiryTimer);
      watchedExpiry = expiresAt.getTime();
      // Past by our clock yet live by the database's: the clocks differ; ask again in a second.
      const remaining = expiresAt.getTime() - Date.now();
      const delay = remaining > 0 ? Math.min(remaining, MAX_TIMER_MS) : 1_000;
      expiryTimer = setTimeout(() => {
        watchedExpiry = 0; // whatever the read finds is news: watch it again
        stillLive().catch((err) => request.log.warn({ err }, "ws session check failed"));
      }, delay);
      expiryTimer.unref();
    };
    watchExpiry(new Date(session.expiresAt));
    // A session ended while this socket was being set up had its event before the socket was
    // listed above; one more read, now that it is, closes that gap.
    void stillLive().catch((err) => request.log.warn({ err }, "ws session check failed"));

    // "ready" promises that events raised anywhere from now on reach this socket.
    await unsubscribers.get(user.id)?.ready;
    const sender = { uid: user.id, role: user.role === "admin" ? ("admin" as const) : ("member" as const) };
    const impersonatedBy = impersonatorOf(current);
    socket.on("message", (raw) => {
      if (socket.readyState !== socket.OPEN) return;
      // Counted before anything else, junk included: a flood costs one map update per frame.
      const verdict = limiter.check(user.id);
      if (verdict === "flood") {
        endSocket(socket, WS_CLOSE.policyViolation, WS_CLOSE_REASON.flood);
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(raw.toString());
      } catch {
        return;
      }
      const parsed = wsClientMessageSchema.safeParse(data);
      if (!parsed.success) return;
      const message = parsed.data;
      if (verdict === "over") {
        // Dropped; a send is answered so the tab can say so and retry later.
        if (message.type === "chat.send")
          send(socket, {
            type: "chat.ack",
            id: message.id,
            ok: false,
            error: { code: "RATE_LIMITED", message: "Too many messages. Try again in a few seconds." },
          });
        return;
      }
      if (message.type === "ping") {
        send(socket, { type: "pong" });
        return;
      }
      // The support view reads, never writes as the member (plugins/impersonation.ts for HTTP).
      if (impersonatedBy && message.type === "chat.send") {
        send(socket, {
          type: "chat.ack",
          id: message.id,
          ok: false,
          error: { code: "IMPERSONATION_READ_ONLY", message: impersonationReadOnly().message },
        });
        return;
      }
      // Acting for the member: only on a session that is still live, read from the database now.
      stillLive()
        .then((live) => (live ? opts.realtime.handleClientMessage(sender, message) : undefined))
        .catch((err) => request.log.warn({ err }, "ws message failed"));
    });
    socket.on("close", () => {
      clearTimeout(expiryTimer);
      const ofSession = bySession.get(session.id);
      ofSession?.delete(socket);
      if (ofSession?.size === 0) bySession.delete(session.id);
      const current = sockets.get(user.id);
      if (!current) return;
      current.delete(socket);
      if (current.size === 0) {
        sockets.delete(user.id);
        limiter.forget(user.id);
        unsubscribers.get(user.id)?.();
        unsubscribers.delete(user.id);
      }
    });
    send(socket, { type: "ready", uid: user.id });
  });
}
