import { randomUUID } from "node:crypto";
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES } from "@helio/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../../platform/http/errors.ts";

const EXTENSION: Record<(typeof CHAT_IMAGE_TYPES)[number], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

export const imageKey = (name: string) => `chat/${name}`;

const unsupported = (message: string) =>
  new AppError(400, "UNSUPPORTED_FILE", `file: ${message}`, [{ field: "file", message }]);

/**
 * Checks an upload by its bytes (never its name or declared type): JPEG, PNG, WebP or GIF, at
 * most 5 MB, decodable. JPEG, PNG and WebP are re-encoded in their own format, which drops
 * metadata such as GPS positions; GIFs are kept as they are (animation). Returns the bytes to
 * store and a random unique name.
 */
export async function checkChatImage(data: Buffer): Promise<{ name: string; mime: string; data: Buffer }> {
  if (data.length > CHAT_IMAGE_MAX_BYTES)
    throw new AppError(413, "PAYLOAD_TOO_LARGE", "The image is larger than 5 MB.");
  if (data.length === 0) throw unsupported("The file is empty");
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime as (typeof CHAT_IMAGE_TYPES)[number] | undefined;
  if (!mime || !(CHAT_IMAGE_TYPES as readonly string[]).includes(mime)) {
    throw unsupported("This file is not a JPEG, PNG, WebP or GIF image");
  }
  let stored = data;
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000, animated: mime === "image/gif" });
    if (mime === "image/gif") await image.metadata();
    else {
      const rotated = image.rotate();
      const encoded =
        mime === "image/jpeg"
          ? rotated.jpeg({ quality: 88, mozjpeg: true })
          : mime === "image/png"
            ? rotated.png()
            : rotated.webp({ quality: 88 });
      stored = await encoded.toBuffer();
    }
  } catch {
    throw unsupported("The image could not be read");
  }
  return { name: `${randomUUID()}.${EXTENSION[mime]}`, mime, data: stored };
}
