import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { refusalMessage } from "../../lib/file-check.ts";
import { type ChatScope, sendChatMessage, settleMessageInCache, uploadChatImage } from "./api.ts";
import { newMessageId, type PendingMessage } from "./model.ts";

/** A message as the composer hands it over. */
export type Draft = Pick<PendingMessage, "text" | "file" | "previewUrl">;

/**
 * Messages on their way: shown at once, then their image uploaded and the message sent. A failed
 * one stays with its error until retried or discarded; a sent one leaves once it is in the cache.
 */
export function useChatSend(scope: ChatScope) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const update = (id: string, patch: Partial<PendingMessage>) =>
    setPending((all) => all.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const deliver = async (message: PendingMessage) => {
    update(message.id, { status: "sending", error: null });
    try {
      let image = message.image;
      if (message.file && !image) {
        update(message.id, { progress: 0 });
        const uploaded = await uploadChatImage(scope, message.file, (progress) => update(message.id, { progress }));
        image = uploaded.image;
        update(message.id, { image, progress: null });
      }
      const sent = await sendChatMessage(scope, { id: message.id, text: message.text, image: image ?? undefined });
      // The message stays on screen as pending until the conversation's pages hold it.
      await settleMessageInCache(queryClient, scope, sent);
      setPending((all) => all.filter((p) => p.id !== message.id));
      if (message.previewUrl) URL.revokeObjectURL(message.previewUrl);
    } catch (error) {
      update(message.id, { status: "failed", progress: null, error: refusalMessage(error) });
    }
  };

  const send = (draft: Draft) => {
    const message: PendingMessage = {
      id: newMessageId(),
      text: draft.text,
      file: draft.file,
      previewUrl: draft.previewUrl,
      image: null,
      status: "sending",
      progress: null,
      error: null,
      date: new Date().toISOString(),
    };
    setPending((all) => [...all, message]);
    void deliver(message);
  };

  const discard = (message: PendingMessage) => {
    setPending((all) => all.filter((p) => p.id !== message.id));
    if (message.previewUrl) URL.revokeObjectURL(message.previewUrl);
  };

  return { pending, send, retry: deliver, discard };
}
