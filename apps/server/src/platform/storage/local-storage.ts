import fs from "node:fs/promises";
import path from "node:path";
import { checkKey, type FileStorage } from "./file-storage.ts";

/** The folder local storage uses, and the one `npm run storage:migrate` copies from. */
export const localFilesDir = (dataDir: string) => path.join(dataDir, "files");

/** Files under `root` (DATA_DIR/files): one machine, or a folder every instance mounts. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
