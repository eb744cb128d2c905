/** How many messages a member's sockets may send per window, and when the sender is flooding. */
export type SocketMessageLimits = { windowMs: number; budget: number; flood: number };

/**
 * Limits derived from the chat limit (`CHAT_RATE_LIMIT` per 10 s): the web client sends a ping
 * every 25 s, a typing signal at most every 2 s and messages under the chat limit, so four times
 * the chat limit is far above honest use; three times that is a flood.
 */
export function socketMessageLimits(chatRateLimit: number): SocketMessageLimits {
  const budget = 4 * chatRateLimit;
  return { windowMs: 10_000, budget, flood: 3 * budget };
}

/** Windows kept before finished ones are swept (members who left mid-window). */
const MAX_TRACKED = 10_000;

export type MessageVerdict = "allowed" | "over" | "flood";

/**
 * Counts the messages of each member across all their sockets on this process, in fixed windows.
 * In memory, not in Redis: it decides on every frame, synchronously, before any work is done for
 * it, and a flood is sent through sockets held by this process. (What a message may cause is
 * limited across processes where it matters: `chat.send` counts against the Redis-shared chat
 * limit, typing is coalesced before it is forwarded.)
 */
export function createMessageLimiter(limits: SocketMessageLimits) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const prune = (now: number) => {
    for (const [uid, window] of windows) if (now - window.startedAt >= limits.windowMs) windows.delete(uid);
  };
  return {
    check(uid: string, now = Date.now()): MessageVerdict {
      let window = windows.get(uid);
      if (!window || now - window.startedAt >= limits.windowMs) {
        if (!window && windows.size >= MAX_TRACKED) prune(now);
        window = { startedAt: now, count: 0 };
        windows.set(uid, window);
      }
      window.count += 1;
      if (window.count > limits.flood) return "flood";
      return window.count > limits.budget ? "over" : "allowed";
    },
    /** The member's last socket here closed. A window still running stays: reconnecting does not reset it. */
    forget(uid: string, now = Date.now()) {
      const window = windows.get(uid);
      if (window && now - window.startedAt >= limits.windowMs) windows.delete(uid);
    },
  };
}
