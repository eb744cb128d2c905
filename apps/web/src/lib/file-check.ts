import { t } from "@lingui/core/macro";
import { useRef } from "react";
import { ApiError, errorMessage } from "./api.ts";
import { wordFieldError } from "./error-words.ts";

/**
 * The magic numbers of the types members may upload, as the server reads them (`file-type` in
 * apps/server `platform/kit.ts` and `modules/chat/images.ts`): a browser's `File.type` comes from
 * the name only, so a text file renamed `.png` says `image/png`.
 */
const SIGNATURES: { mime: string; matches: (b: Uint8Array) => boolean }[] = [
  { mime: "image/jpeg", matches: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { mime: "image/png", matches: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: "image/gif", matches: (b) => starts(b, ascii("GIF8")) },
  { mime: "image/webp", matches: (b) => starts(b, ascii("RIFF")) && starts(b.subarray(8), ascii("WEBP")) },
  { mime: "application/pdf", matches: (b) => starts(b, ascii("%PDF")) },
];

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const starts = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The first bytes of `blob` (FileReader: also where `Blob.arrayBuffer` is missing). */
function readHead(blob: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob.slice(0, length));
  });
}

/** What `file`'s first bytes say it is (one of the upload types above), or null. */
export async function sniffFileType(file: Blob): Promise<string | null> {
  const head = await readHead(file, 16).catch(() => new Uint8Array());
  return SIGNATURES.find((s) => s.matches(head))?.mime ?? null;
}

/** Why `file` cannot be uploaded by what it says (empty, declared type, size), or null. */
export function checkFile(
  file: Pick<Blob, "type" | "size">,
  accepted: readonly string[],
  maxBytes: number,
  describe: string,
): string | null {
  if (file.size === 0) return t`The file is empty.`;
  if (!accepted.includes(file.type)) return t`Choose ${describe}.`;
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  if (file.size > maxBytes) return t`The file is larger than ${megabytes} MB.`;
  return null;
}

/**
 * Why `file` cannot be uploaded, checked as the server does: `checkFile`, then its first bytes
 * (a renamed text file is refused at once). Null when it may go; the server reads the whole
 * content again, and stays the real guard.
 */
export async function checkUpload(
  file: Blob,
  accepted: readonly string[],
  maxBytes: number,
  describe: string,
): Promise<string | null> {
  const declared = checkFile(file, accepted, maxBytes, describe);
  if (declared) return declared;
  const sniffed = await sniffFileType(file);
  return sniffed && accepted.includes(sniffed) ? null : t`This file is not ${describe}.`;
}

/**
 * `check` for the file chosen in an input, where only the latest choice counts: an earlier file's
 * first bytes may still be read when another is chosen, and its answer then comes back as
 * `undefined` (drop it) instead of a problem or null.
 */
export function useLatestFileCheck<F extends Blob>(check: (file: F) => Promise<string | null>) {
  const latest = useRef(0);
  return async (file: F): Promise<string | null | undefined> => {
    const mine = ++latest.current;
    const problem = await check(file);
    return mine === latest.current ? problem : undefined;
  };
}

/**
 * A refused upload or send as the member reads it: the server's per-field messages (its summary
 * names the field, `file: …`, for API clients), else the error's message.
 */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && error.fields.length > 0)
    return error.fields.map((f) => wordFieldError(f.message)).join(" ");
  return errorMessage(error);
}
