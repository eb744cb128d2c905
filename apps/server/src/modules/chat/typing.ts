import { chatIdOf } from "@helio/shared";
import type { ChatDeps, ChatParties } from "./parties.ts";
import { findChat } from "./queries.ts";

export function createTypingRelay({ db, realtime }: ChatDeps, { supportId, adminIds }: ChatParties) {
  /**
   * Typing is coalesced per sender and chat: a signal is forwarded at once when none was in the
   * last second, otherwise the latest state waits for the end of that second and goes then, only
   * if it differs from what the other side was last told. However fast a tab toggles, the other
   * side gets at most about one signal a second, and always ends on the sender's final state.
   */
  const typingStates = new Map<
    string,
    { forwardedAt: number; forwarded: boolean; pending?: boolean; timer?: NodeJS.Timeout }
  >();
  const TYPING_WINDOW_MS = 1_000;

  async function typing(sender: { uid: string; role: "member" | "admin" }, chatId: string, isTyping: boolean) {
    const key = `${sender.uid}:${chatId}`;
    const now = Date.now();
    const state = typingStates.get(key);
    if (state && now - state.forwardedAt < TYPING_WINDOW_MS) {
      state.pending = isTyping;
      if (!state.timer) {
        state.timer = setTimeout(
          () => {
            state.timer = undefined;
            const pending = state.pending;
            state.pending = undefined;
            if (pending === undefined || pending === state.forwarded) return;
            state.forwardedAt = Date.now();
            state.forwarded = pending;
            forwardTyping(sender, chatId, pending).catch(() => undefined);
          },
          state.forwardedAt + TYPING_WINDOW_MS - now,
        );
        state.timer.unref();
      }
      return;
    }
    if (typingStates.size >= 10_000) for (const [k, s] of typingStates) if (!s.timer) typingStates.delete(k);
    typingStates.set(key, { forwardedAt: now, forwarded: isTyping });
    await forwardTyping(sender, chatId, isTyping);
  }

  async function forwardTyping(sender: { uid: string; role: "member" | "admin" }, chatId: string, isTyping: boolean) {
    if (sender.role === "member") {
      const sid = await supportId();
      if (chatId !== chatIdOf(sender.uid, sid)) return;
      const admins = await adminIds();
      await Promise.all(
        admins.map((uid) => realtime.toUser(uid, { type: "chat.typing", chatId, side: "member", typing: isTyping })),
      );
      return;
    }
    const chat = await findChat(db, chatId);
    if (!chat) return;
    await realtime.toUser(chat.memberId, { type: "chat.typing", chatId, side: "support", typing: isTyping });
  }

  return { typing };
}
