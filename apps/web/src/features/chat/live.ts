import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { publicSettingsKey } from "../../lib/settings.ts";
import { liveSocket } from "../../lib/ws.ts";
import { applyLiveChatMessage } from "./api.ts";
import { chatKeys } from "./keys.ts";

/**
 * Keeps the chat caches in step with /api/ws: new messages, read state, settings changes.
 * After a reconnect (a second `ready`), events may have been missed: everything is read again.
 */
export function useChatLive(side: "member" | "support", enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let readyCount = liveSocket.status === "open" ? 1 : 0;
    // The inbox lists are read again by their own listener (useInboxUnread): not twice.
    const chatExceptInbox = {
      queryKey: chatKeys.all,
      predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== chatKeys.inbox[1],
    };
    // Reads made to catch up after a reconnect, still on their way. One may have been answered
    // before a message that lands meanwhile, and would undo it: the chat is then read again.
    let catchingUp = 0;
    const catchUp = () => {
      catchingUp += 1;
      void queryClient.invalidateQueries(chatExceptInbox).finally(() => {
        catchingUp -= 1;
      });
    };
    const apply = (message: Parameters<typeof applyLiveChatMessage>[2]) => {
      const undoable = catchingUp > 0;
      applyLiveChatMessage(queryClient, side, message);
      if (undoable) catchUp();
    };
    const offs = [
      liveSocket.subscribe("chat.message", apply),
      liveSocket.subscribe("chat.read", apply),
      liveSocket.subscribe("settings.updated", apply),
      liveSocket.subscribe("ready", () => {
        readyCount += 1;
        if (readyCount > 1) {
          catchUp();
          void queryClient.invalidateQueries({ queryKey: publicSettingsKey });
        }
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, side, enabled]);
}

const TYPING_SHOWN_MS = 5_000;
const TYPING_SEND_EVERY_MS = 2_000;
const TYPING_IDLE_MS = 3_000;

/** Whether the other side is typing in `chatId` (true for a few seconds after each signal). */
export function useOtherTyping(chatId: string | undefined, otherSide: "member" | "support"): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!chatId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offs = [
      liveSocket.subscribe("chat.typing", (message) => {
        if (message.chatId !== chatId || message.side !== otherSide) return;
        clearTimeout(timer);
        setTyping(message.typing);
        if (message.typing) timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      }),
      liveSocket.subscribe("chat.message", (message) => {
        if (message.chatId !== chatId) return;
        clearTimeout(timer);
        setTyping(false);
      }),
    ];
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
      setTyping(false);
    };
  }, [chatId, otherSide]);
  return typing;
}

/** Tells the other side while this one types: at most every 2 s, and "stopped" after 3 s idle. */
export function useTypingSignal(chatId: string | undefined) {
  const state = useRef({ lastSent: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined, on: false });
  useEffect(() => {
    const current = state.current;
    return () => {
      clearTimeout(current.idle);
      if (current.on && chatId) liveSocket.send({ type: "chat.typing", chatId, typing: false });
      current.on = false;
    };
  }, [chatId]);
  return useMemo(() => {
    const stopped = () => {
      const s = state.current;
      clearTimeout(s.idle);
      if (s.on && chatId) liveSocket.send({ type: "chat.typing", chatId, typing: false });
      s.on = false;
    };
    const typed = () => {
      if (!chatId) return;
      const s = state.current;
      const now = Date.now();
      if (
        (!s.on || now - s.lastSent > TYPING_SEND_EVERY_MS) &&
        liveSocket.send({ type: "chat.typing", chatId, typing: true })
      ) {
        s.on = true;
        s.lastSent = now;
      }
      clearTimeout(s.idle);
      s.idle = setTimeout(stopped, TYPING_IDLE_MS);
    };
    return { typed, stopped };
  }, [chatId]);
}
