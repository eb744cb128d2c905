import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { stubUploads } from "../../test/uploads.ts";
import { UpdateProfilePage } from "./UpdateProfilePage.tsx";

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The page's reads answered 404; the uploads (XMLHttpRequest) recorded by path and left pending. */
function stubServer() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 404, headers: { "Content-Type": "application/json" } })),
  );
  return stubUploads();
}

const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("UpdateProfilePage's photo", () => {
  it("refuses a text file renamed .png as soon as it is chosen, and uploads nothing", async () => {
    const sent = stubServer();
    const { container } = renderWithApp(<UpdateProfilePage />);
    const input = fileInput(container);
    if (!input) throw new Error("no file input");
    const notes = new File(["just some notes, not a picture"], "me.png", { type: "image/png" });
    await userEvent.upload(input, notes, { applyAccept: false });
    expect(await screen.findByText("This file is not a JPEG, PNG or WebP image.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("refuses a type it does not take by its declared type, before reading it", async () => {
    stubServer();
    const { container } = renderWithApp(<UpdateProfilePage />);
    const input = fileInput(container);
    if (!input) throw new Error("no file input");
    const gif = new File([PNG_HEAD], "me.gif", { type: "image/gif" });
    await userEvent.upload(input, gif, { applyAccept: false });
    expect(await screen.findByText("Choose a JPEG, PNG or WebP image.")).toBeTruthy();
  });

  it("lets a real PNG go to the server", async () => {
    const sent = stubServer();
    const { container } = renderWithApp(<UpdateProfilePage />);
    const input = fileInput(container);
    if (!input) throw new Error("no file input");
    await userEvent.upload(input, new File([PNG_HEAD, "rest"], "me.png", { type: "image/png" }), {
      applyAccept: false,
    });
    await waitFor(() => expect(sent).toEqual(["/api/profile/avatar"]));
  });
});
