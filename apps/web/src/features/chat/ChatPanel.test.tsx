import type { ChatMessage } from "@helio/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { stubUploads, type UploadAnswer } from "../../test/uploads.ts";
import { ChatPanel } from "./ChatPanel.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const CHAT = {
  id: "c_1",
  member: { uid: sampleMember.uid, displayName: sampleMember.fullName, photoURL: null },
  support: { uid: "s_1", displayName: "Helio Support", photoURL: null },
  unread: 0,
  otherReadAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const PNG_HEAD = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** The chat's reads answered empty; the image upload (XMLHttpRequest) answered by `answerUpload`. */
function stubChatServer(answerUpload: () => UploadAnswer) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/api/chat") return json(CHAT);
      if (url.startsWith("/api/chat/messages")) return json({ items: [], hasMore: false });
      return json({ error: { code: "NOT_FOUND", message: url } }, 404);
    }),
  );
  const uploads = stubUploads(answerUpload);
  // jsdom has no object URLs: the composer's preview gets a stand-in.
  vi.stubGlobal(
    "URL",
    Object.assign(class extends URL {}, { createObjectURL: () => "blob:preview", revokeObjectURL() {} }),
  );
  return uploads;
}

describe("ChatPanel", { timeout: 30_000 }, () => {
  it("keeps a message sent while the conversation's first page was on its way, read before the message was stored", async () => {
    const stored: ChatMessage[] = [];
    let pageReads = 0;
    let releaseFirstPage = () => {};
    const firstPageHeld = new Promise<void>((resolve) => {
      releaseFirstPage = resolve;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/chat") return json(CHAT);
        if (url.startsWith("/api/chat/messages") && (init?.method ?? "GET") === "GET") {
          pageReads += 1;
          // What the server holds when it reads the page; the first answer is then held back.
          const items = [...stored];
          if (pageReads === 1) await firstPageHeld;
          return json({ items, hasMore: false });
        }
        if (url === "/api/chat/messages" && init?.method === "POST") {
          const body = JSON.parse(String(init.body)) as { id: string; text: string };
          const message = {
            ...body,
            chatId: CHAT.id,
            senderId: sampleMember.uid,
            img: null,
            date: new Date().toISOString(),
          };
          stored.push(message);
          return json(message, 201);
        }
        return json({ error: { code: "NOT_FOUND", message: url } }, 404);
      }),
    );
    renderWithApp(<ChatPanel onClose={() => {}} />);
    const composer = await screen.findByRole("textbox", { name: "Message" });
    await userEvent.type(composer, "Hi from my phone{Enter}");
    // The send has been answered and handled: the page is read again, or the message left the screen.
    await waitFor(() => expect(pageReads === 2 || !screen.queryByText("Hi from my phone")).toBe(true));
    releaseFirstPage();

    const log = screen.getByRole("log", { name: "Conversation with Helio Support" });
    await waitFor(() => expect(within(log).getByText("Hi from my phone")).toBeTruthy());
    await waitFor(() => expect(pageReads).toBe(2));
    expect(within(log).queryByText(/No messages yet/)).toBeNull();
    expect(stored).toHaveLength(1);
  });

  it("refuses a text file renamed .png as soon as it is chosen, next to the attach button", async () => {
    const uploads = stubChatServer(() => ({ status: 201, body: { image: "x.png" } }));
    renderWithApp(<ChatPanel onClose={() => {}} />);
    await screen.findByRole("textbox", { name: "Message" });
    const notes = new File(["just some notes, not a picture"], "holiday.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("Image to attach"), notes);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This file is not a JPEG, PNG, WebP or GIF image.");
    expect(screen.getByRole("button", { name: "Attach an image" }).getAttribute("aria-describedby")).toBe(alert.id);
    // Nothing attached (no preview, no remove button), nothing to send, nothing uploaded.
    expect(screen.queryByRole("button", { name: /Remove attachment/ })).toBeNull();
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    expect(uploads).toEqual([]);
  });

  it("says a server refusal of the image in the member's words, without the field's name", async () => {
    const uploads = stubChatServer(() => ({
      status: 400,
      body: {
        error: {
          code: "UNSUPPORTED_FILE",
          message: "file: The image could not be read",
          fields: [{ field: "file", message: "The image could not be read" }],
        },
      },
    }));
    renderWithApp(<ChatPanel onClose={() => {}} />);
    await screen.findByRole("textbox", { name: "Message" });
    const broken = new File([PNG_HEAD, "and then nothing an image needs"], "broken.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText("Image to attach"), broken);
    await screen.findByRole("button", { name: "Remove attachment broken.png" });
    await userEvent.click(screen.getByRole("button", { name: "Send" }));

    const notSent = await screen.findByText(/^Not sent/);
    expect(notSent.textContent).toBe("Not sent: The image could not be read");
    expect(uploads).toEqual(["/api/chat/images"]);
  });
});
