import { vi } from "vitest";

/** What a stubbed upload answers: a status and a JSON body. */
export type UploadAnswer = { status: number; body: unknown };

/**
 * Uploads (`lib/upload.ts` sends them with XMLHttpRequest) replaced for a test: each upload's path
 * is recorded in the returned list, and `answer` answers it on the next turn; without `answer`
 * every upload stays on its way.
 */
export function stubUploads(answer?: () => UploadAnswer): string[] {
  const uploads: string[] = [];
  class FakeUpload {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private path = "";
    open(_method: string, path: string) {
      this.path = path;
    }
    setRequestHeader() {}
    abort() {}
    send() {
      uploads.push(this.path);
      if (!answer) return;
      const { status, body } = answer();
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeUpload);
  return uploads;
}
