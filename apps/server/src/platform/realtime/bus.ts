import { EventEmitter } from "node:events";
import { jsonText } from "@helio/shared";
import { Redis } from "ioredis";

type Handler = (message: unknown) => void;
/** Stops the subscription; `ready` settles once the broker delivers to it (at once in memory). */
export type Unsubscribe = (() => void) & { ready: Promise<void> };

const withReady = (off: () => void, ready: Promise<void>): Unsubscribe => Object.assign(off, { ready });

/** Fan-out of events between server processes: in-process by default, Redis pub/sub with REDIS_URL. */
export interface EventBus {
  readonly kind: "memory" | "redis";
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: Handler): Unsubscribe;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(channel, message) {
      // Same delivery semantics as Redis: asynchronous and serialised.
      const copy = JSON.parse(jsonText(message));
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return withReady(() => emitter.off(channel, handler), Promise.resolve());
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createRedisBus(url: string, prefix = "helio:"): Promise<EventBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  // No auto-pipelining: its per-tick pipelines outlive young-generation collections under load,
  // and the major collections they cause stalled chat delivery (decision 0006).
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers = new Map<string, Set<Handler>>();
  const pending = new Map<string, Promise<void>>();
  sub.on("message", (channel: string, raw: string) => {
    const set = handlers.get(channel.slice(prefix.length));
    if (!set) return;
    const message = JSON.parse(raw) as unknown;
    for (const handler of set) handler(message);
  });
  return {
    kind: "redis",
    async publish(channel, message) {
      await pub.publish(prefix + channel, jsonText(message));
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        pending.set(
          channel,
          sub.subscribe(prefix + channel).then(
            () => undefined,
            () => undefined,
          ),
        );
      }
      set.add(handler);
      return withReady(() => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          pending.delete(channel);
          void sub.unsubscribe(prefix + channel);
        }
      }, pending.get(channel) ?? Promise.resolve());
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
