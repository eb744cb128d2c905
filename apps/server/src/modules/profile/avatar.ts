import { randomUUID } from "node:crypto";
import { API } from "@helio/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../../platform/http/errors.ts";
import type { FileStorage } from "../../platform/storage/index.ts";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);
const SIZE = 256;

/** Checks the bytes (not the name or the declared type), re-encodes square, stores under a random name. */
export async function storeAvatar(storage: FileStorage, data: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError(400, "UNSUPPORTED_FILE", "file: the photo must be a JPEG, PNG or WebP image", [
      { field: "file", message: "Must be a JPEG, PNG or WebP image" },
    ]);
  }
  let resized: Buffer;
  try {
    resized = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(SIZE, SIZE, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError(400, "UNSUPPORTED_FILE", "file: the image could not be read", [
      { field: "file", message: "The image could not be read" },
    ]);
  }
  const name = `${randomUUID()}.webp`;
  await storage.put(`avatars/${name}`, resized);
  return `${API.files}/avatars/${name}`;
}
