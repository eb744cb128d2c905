import { useCallback, useLayoutEffect, useRef } from "react";

interface OlderMessages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Scrolling of the message log: follows the end while the reader is at the bottom, loads older
 * messages near the top. `firstId` changes when older messages are prepended, `lastKey` when
 * anything is added at the end.
 */
export function useThreadScroll(messages: OlderMessages, firstId: string | undefined, lastKey: string) {
  const listRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const keepFromBottom = useRef<number | null>(null);

  // Older messages prepended: keep the same message in view.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && keepFromBottom.current !== null && firstId) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [firstId]);

  // Newest message (or a pending one, or the typing line): follow it when at the bottom.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stick.current && lastKey) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  const scrollToBottom = useCallback(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, []);

  const loadOlder = () => {
    const el = listRef.current;
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void messages.fetchNextPage();
  };

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60) loadOlder();
  };

  const stickToBottom = () => {
    stick.current = true;
  };

  return { listRef, onScroll, loadOlder, scrollToBottom, stickToBottom };
}
