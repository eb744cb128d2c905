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

  it("checks attachments by type, size and first bytes", async () => {
    const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
    const GIF = [...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0];
    const file = (bytes: BlobPart[], name: string, type: string) => new File(bytes, name, { type });
    expect(await checkChatFile(file([new Uint8Array(PNG)], "a.png", "image/png"))).toBeNull();
    expect(
      await checkChatFile(file([new Uint8Array(GIF), new Uint8Array(5 * 1024 * 1024 - 10)], "a.gif", "image/gif")),
    ).toBeNull();
    expect(await checkChatFile(file(["<svg/>"], "a.svg", "image/svg+xml"))).toMatch(/Choose a JPEG, PNG, WebP or GIF/);
    expect(
      await checkChatFile(file([new Uint8Array(PNG), new Uint8Array(5 * 1024 * 1024)], "a.jpg", "image/jpeg")),
    ).toMatch(/5 MB/);
    expect(await checkChatFile(file([], "a.webp", "image/webp"))).toMatch(/empty/);
    // A text file renamed .png says image/png; its bytes do not.
    expect(await checkChatFile(file(["just some notes"], "notes.png", "image/png"))).toBe(
      "This file is not a JPEG, PNG, WebP or GIF image.",
    );
    // A PNG named .jpg is still an image the server takes.
    expect(await checkChatFile(file([new Uint8Array(PNG)], "a.jpg", "image/jpeg"))).toBeNull();
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
