import type { WsClientMessage, WsServerMessage } from "@helio/shared";
import { API } from "@helio/shared/paths";
import type { z } from "@helio/shared/zod";
import { notifySignedOutSignal } from "./api.ts";
import { lazySchema } from "./schemas.ts";

type MessageSchema = z.ZodMiniType<WsServerMessage>;

/** The server's close code for a socket whose session is gone (apps/server platform/realtime/gateway.ts). */
const CLOSE_UNAUTHENTICATED = 4401;

export type WsStatus = "idle" | "connecting" | "open" | "closed";
export type MessageOf<K extends WsServerMessage["type"]> = Extract<WsServerMessage, { type: K }>;
type AnyHandler = (message: WsServerMessage) => void;

export interface LiveSocketOptions {
  /** Builds the socket URL; defaults to `/api/ws` on this origin with ws:// or wss://. */
  url?: () => string;
  /** Factory, replaceable in tests. */
  createSocket?: (url: string) => WebSocket;
  /** Keep-alive ping interval in ms (0 disables). */
  pingIntervalMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * The messages' schema. Left out, it loads with the shared schemas (lib/schemas.ts): messages that
   * arrive before it has are checked, in order, once it has.
   */
  schema?: MessageSchema;
}

export function defaultSocketUrl(loc: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${API.ws}`;
}

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, with jitter. */
export function backoffDelay(attempt: number, min = 1000, max = 30000, random = Math.random): number {
  const base = Math.min(max, min * 2 ** attempt);
  return Math.round(base / 2 + (random() * base) / 2);
}

/** Parses one raw frame; unknown or malformed messages give null. */
export function parseServerMessage(raw: unknown, schema: MessageSchema): WsServerMessage | null {
  if (typeof raw !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * One WebSocket to the server, shared by every feature. It reconnects with backoff while
 * started, and dispatches parsed messages to subscribers.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private started = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private readonly handlers = new Set<AnyHandler>();
  private readonly statusListeners = new Set<(status: WsStatus) => void>();
  private currentStatus: WsStatus = "idle";
  private readonly options: Required<Omit<LiveSocketOptions, "schema">>;
  private schema: MessageSchema | null;
  private schemaLoad: Promise<void> | null = null;
  /** Frames received before the schema had loaded, in their order. */
  private waiting: unknown[] = [];

  constructor(options: LiveSocketOptions = {}) {
    this.options = {
      url: options.url ?? (() => defaultSocketUrl()),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      pingIntervalMs: options.pingIntervalMs ?? 25000,
      minBackoffMs: options.minBackoffMs ?? 1000,
      maxBackoffMs: options.maxBackoffMs ?? 30000,
    };
    this.schema = options.schema ?? null;
  }

  /** Loads the messages' schema once (again after a failed load), then checks what waited for it. */
  private loadSchema(): void {
    if (this.schema || this.schemaLoad) return;
    this.schemaLoad = lazySchema("wsServerMessageSchema")()
      .then((schema) => {
        this.schema = schema;
        const waiting = this.waiting;
        this.waiting = [];
        for (const raw of waiting) this.receive(raw);
      })
      .catch(() => {
        this.schemaLoad = null;
      });
  }

  private receive(raw: unknown): void {
    if (!this.schema) {
      this.waiting.push(raw);
      this.loadSchema();
      return;
    }
    const message = parseServerMessage(raw, this.schema);
    if (message) this.dispatch(message);
  }

  get status(): WsStatus {
    return this.currentStatus;
  }

  /** Starts (or keeps) the connection. Returns a function that stops it. */
  start(): () => void {
    if (!this.started) {
      this.started = true;
      this.loadSchema();
      this.attempt = 0;
      // Opened on the next tick, so a start/stop/start in one render pass (React StrictMode)
      // does not open and abort a socket.
      this.setStatus("connecting");
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.started) this.open();
      }, 0);
    }
    return () => this.stop();
  }

  stop(): void {
    this.started = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(1000);
    }
    this.setStatus("idle");
  }

  /** Subscribes to every message. */
  subscribe(handler: AnyHandler): () => void;
  /** Subscribes to the messages of one type. */
  subscribe<K extends WsServerMessage["type"]>(type: K, handler: (message: MessageOf<K>) => void): () => void;
  subscribe(typeOrHandler: string | AnyHandler, maybeHandler?: (message: never) => void): () => void {
    const handler: AnyHandler =
      typeof typeOrHandler === "function"
        ? typeOrHandler
        : (message) => {
            if (message.type === typeOrHandler) (maybeHandler as AnyHandler)(message);
          };
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  onStatus(listener: (status: WsStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  send(message: WsClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Feeds a message to subscribers (used by tests and by the socket itself). */
  dispatch(message: WsServerMessage): void {
    for (const handler of [...this.handlers]) {
      try {
        handler(message);
      } catch (error) {
        // A failing subscriber must not break the others.
        console.warn("ws subscriber failed", error);
      }
    }
  }

  private open(): void {
    this.setStatus("connecting");
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus("open");
      if (this.options.pingIntervalMs > 0) {
        this.pingTimer = setInterval(() => this.send({ type: "ping" }), this.options.pingIntervalMs);
      }
    };
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setStatus("closed");
      // The session ended (signed out elsewhere, revoked): the guard reads the member again.
      if (event.code === CLOSE_UNAUTHENTICATED) notifySignedOutSignal();
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
  }

  private scheduleReconnect(): void {
    if (!this.started) return;
    const delay = backoffDelay(this.attempt, this.options.minBackoffMs, this.options.maxBackoffMs);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.started) this.open();
    }, delay);
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
  }

  private setStatus(status: WsStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}

/** The app's one live connection. */
export const liveSocket = new LiveSocket();
