import { t } from "@lingui/core/macro";
import { ApiError, errorFromBody, handleBlocked } from "./api.ts";

export interface UploadOptions {
  method?: "POST" | "PUT";
  /** Multipart field name of the file. */
  field?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one file as multipart/form-data with XMLHttpRequest, reporting progress (0–100). */
export function uploadFile<T = unknown>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  form.append(options.field ?? "file", file);
  return uploadForm<T>(path, form, options);
}

/** Sends a whole multipart form (text fields and files) with XMLHttpRequest, reporting progress (0–100). */
export function uploadForm<T = unknown>(
  path: string,
  form: FormData,
  options: Omit<UploadOptions, "field"> = {},
): Promise<T> {
  const { method = "POST", onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = false;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError(xhr.status, "BAD_RESPONSE", t`The server sent an unexpected answer.`));
        }
        return;
      }
      const error = errorFromBody(xhr.status, xhr.responseText);
      handleBlocked(error);
      reject(error);
    };
    xhr.onerror = () => reject(errorFromBody(0, ""));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
