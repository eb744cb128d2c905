import type { ChatMessage } from "@helio/shared";
import { groupDigits } from "@helio/shared/currency";
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_TEXT_MAX } from "@helio/shared/values";
import { t } from "@lingui/core/macro";
import { checkUpload } from "../../lib/file-check.ts";

/** A message on its way (or that failed): shown in the thread with a retry. */
export interface PendingMessage {
  id: string;
  text: string;
  file: File | null;
  /** Object URL of the attached file, for the preview. */
  previewUrl: string | null;
  /** Stored image name once uploaded (a retry does not upload again). */
  image: string | null;
  status: "sending" | "failed";
  /** Upload progress 0–100, while uploading. */
  progress: number | null;
  error: string | null;
  date: string;
}

/** A v4 UUID, also where `crypto.randomUUID` is missing (plain HTTP on a non-local address). */
export function newMessageId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Why a chosen attachment cannot go, checked when it is chosen: its declared type, size and first
 * bytes (a text file renamed `.png` is refused at once). The server checks the content again.
 */
export function checkChatFile(file: Blob): Promise<string | null> {
  return checkUpload(file, CHAT_IMAGE_TYPES, CHAT_IMAGE_MAX_BYTES, t`a JPEG, PNG, WebP or GIF image`);
}

/** What the composer would send, or why it cannot. */
export function composerProblem(text: string, hasFile: boolean): string | null {
  const max = groupDigits(String(CHAT_TEXT_MAX));
  if (text.length > CHAT_TEXT_MAX) return t`At most ${max} characters.`;
  if (!text.trim() && !hasFile) return t`Write a message or attach an image.`;
  return null;
}

/** Pages as react-query keeps them (newest page first, each oldest first) → one list, oldest first. */
export function flattenPages(pages: readonly { items: ChatMessage[] }[] | undefined): ChatMessage[] {
  if (!pages) return [];
  const out: ChatMessage[] = [];
  const seen = new Set<string>();
  for (let i = pages.length - 1; i >= 0; i--) {
    for (const message of pages[i]?.items ?? []) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/** Adds a message to the newest page unless it is already there. */
export function withMessage<P extends { items: ChatMessage[] }>(pages: P[], message: ChatMessage): P[] {
  if (pages.some((page) => page.items.some((m) => m.id === message.id))) return pages;
  const [newest, ...rest] = pages;
  if (!newest) return pages;
  return [{ ...newest, items: [...newest.items, message] }, ...rest];
}

/** `Image` for image-only messages in a list preview. */
export function previewText(lastMessage: { text: string; hasImage: boolean } | null): string {
  if (!lastMessage) return t`No messages yet`;
  if (lastMessage.text) return lastMessage.text;
  return lastMessage.hasImage ? t`Image` : "";
}
