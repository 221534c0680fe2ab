import { createHash } from "node:crypto";
import { mkdir, writeFile, access } from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live. Local disk by default; an object store fits the same port. */
export interface Storage {
  /** Stores bytes under a content-addressed key in `folder`; returns the key. Idempotent for equal bytes. */
  put(folder: string, bytes: Uint8Array, extension: string): Promise<string>;
  /** The public URL path of a key. */
  url(key: string): string;
}

export const uploadsUrlPrefix = "/uploads/";

/** Files under `<dataDir>/uploads`, named by their SHA-256 so they can be cached forever. */
export function createLocalStorage(root: string): Storage {
  return {
    async put(folder, bytes, extension) {
      const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
      const key = `${folder}/${hash}.${extension}`;
      const file = path.join(root, key);
      const exists = await access(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, bytes);
      }
      return key;
    },
    url(key) {
      return uploadsUrlPrefix + key;
    },
  };
}
