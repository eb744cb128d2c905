import type { ChatMessage } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { checkChatFile, composerProblem, flattenPages, newMessageId, previewText, withMessage } from "./model.ts";

const message = (id: string, text = id): ChatMessage => ({
  id,
  chatId: "c",
  senderId: "u",
  text,
  img: null,
  date: "2026-01-01T00:00:00.000Z",
});

describe("chat model", () => {
  it("makes v4 message ids", () => {
    const ids = new Set(Array.from({ length: 50 }, newMessageId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("checks attachments by type and size", () => {
    expect(checkChatFile({ type: "image/png", size: 10 })).toBeNull();
    expect(checkChatFile({ type: "image/gif", size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkChatFile({ type: "image/svg+xml", size: 10 })).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(checkChatFile({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
    expect(checkChatFile({ type: "image/webp", size: 0 })).toMatch(/empty/);
  });

  it("needs text or an image, at most 4,000 characters", () => {
    expect(composerProblem("", false)).toMatch(/message or attach/);
    expect(composerProblem("  \n ", false)).toMatch(/message or attach/);
    expect(composerProblem("", true)).toBeNull();
    expect(composerProblem("x".repeat(4000), false)).toBeNull();
    expect(composerProblem("x".repeat(4001), false)).toMatch(/4,000/);
  });

  it("flattens pages (newest page first) into one list, oldest first, without duplicates", () => {
    const pages = [{ items: [message("c"), message("d")] }, { items: [message("a"), message("b"), message("c")] }];
    expect(flattenPages(pages).map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it("adds a live message to the newest page once", () => {
    const pages = [{ items: [message("a")] }, { items: [message("z")] }];
    const once = withMessage(pages, message("b"));
    expect(once[0]?.items.map((m) => m.id)).toEqual(["a", "b"]);
    expect(withMessage(once, message("b"))).toBe(once);
    expect(withMessage(once, message("z"))).toBe(once);
  });

  it("previews the last message", () => {
    expect(previewText(null)).toBe("No messages yet");
    expect(previewText({ text: "hi", hasImage: true })).toBe("hi");
    expect(previewText({ text: "", hasImage: true })).toBe("Image");
  });
});
