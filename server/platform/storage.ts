import { randomUUID } from "node:crypto";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live. Local disk by default; an object store fits the same port. */
export interface Storage {
  /**
   * Stores bytes under `key` unless something is stored there already: keys name immutable content (every
   * key carries a hash of what made it, server/platform/images.ts), so an existing file is the same file.
   */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The public URL path of a key. */
  url(key: string): string;
}

const uploadsUrlPrefix = "/uploads/";

/** Files under `<dataDir>/uploads`; their URLs can be cached forever. */
export function createLocalStorage(root: string): Storage {
  return {
    async write(key, bytes) {
      const file = path.join(root, key);
      const exists = await access(file).then(
        () => true,
        () => false,
      );
      if (exists) return;
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a crash never leaves half a file under a name cached forever.
      const partial = `${file}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    url(key) {
      return uploadsUrlPrefix + key;
    },
  };
}
