import { API } from "@helio/shared";
import { notFound } from "../../platform/http/errors.ts";
import { checkChatImage, imageKey } from "./images.ts";
import type { ChatDeps, ChatRef } from "./parties.ts";
import { deleteAbandonedImages, findImage, insertImage } from "./queries.ts";

/** Images uploaded but never sent are removed after this long. */
const ABANDONED_IMAGE_MS = 24 * 3600_000;

export function createChatAttachments({ db, storage }: ChatDeps) {
  async function uploadImage(chat: ChatRef, uploaderId: string, data: Buffer) {
    const checked = await checkChatImage(data);
    await storage.put(imageKey(checked.name), checked.data);
    try {
      await insertImage(db, {
        name: checked.name,
        chatId: chat.id,
        uploaderId,
        mime: checked.mime,
        size: checked.data.length,
      });
    } catch (error) {
      await storage.remove(imageKey(checked.name));
      throw error;
    }
    const abandoned = await deleteAbandonedImages(db, chat.id, new Date(Date.now() - ABANDONED_IMAGE_MS));
    for (const name of abandoned) await storage.remove(imageKey(name));
    return { image: checked.name, url: API.chatImage(checked.name) };
  }

  /** Only the chat's member and the support side (admins) may read an image; others get 404. */
  async function readImage(name: string, requester: { uid: string; role: string | null | undefined }) {
    const image = await findImage(db, name);
    if (!image || (requester.role !== "admin" && image.memberId !== requester.uid)) throw notFound("Not found");
    const data = await storage.read(imageKey(name));
    if (!data) throw notFound("Not found");
    return { data, mime: image.mime };
  }

  return { uploadImage, readImage };
}
