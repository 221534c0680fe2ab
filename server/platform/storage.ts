import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** A stored file as it is served: its bytes as a stream, with their length and type. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

/**
 * Where uploaded and generated files live (decision 27): the local disk by default, or any S3-compatible
 * object store shared by every instance. Either way the shop serves them at the same URLs (`/uploads/<key>`),
 * cached forever.
 */
export interface Storage {
  /**
   * Stores bytes under `key` unless something is stored there already: keys name immutable content (every
   * key carries a hash of what made it, server/platform/images.ts), so an existing file is the same file.
   */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The public URL path of a key. */
  url(key: string): string;
  /** The file under `key`, or undefined when there is none. */
  read(key: string): Promise<StoredFile | undefined>;
}

export const uploadsUrlPrefix = "/uploads/";

const contentTypes: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};

/** What a key's files are, by their extension (every key the shop writes has one). */
export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/**
 * A key as a request names it, or undefined when it could name something outside the store (`..`, empty
 * segments, a backslash): such a request is simply not found.
 */
export function safeKey(requested: string): string | undefined {
  let key: string;
  try {
    key = decodeURIComponent(requested);
  } catch {
    return undefined;
  }
  const segments = key.split("/");
  if (key.includes("\\") || key.includes("\0") || segments.some((s) => s === "" || s === "." || s === "..")) {
    return undefined;
  }
  return key;
}

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
    async read(key) {
      const file = path.join(root, key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        size: info.size,
        contentType: contentTypeOf(key),
      };
    },
  };
}
