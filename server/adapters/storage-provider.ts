import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createLocalStorage, type Storage } from "../platform/storage.ts";

/** The settings that choose where files live (validated in server/platform/env.ts). */
export interface StorageSettings {
  DATA_DIR: string;
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX?: string | undefined;
}

/**
 * Where the shop keeps uploaded and generated files: an S3-compatible bucket when `S3_BUCKET` is set (every instance
 * shares it), else `<DATA_DIR>/uploads` on this machine. The S3 client is loaded only when it is the one chosen.
 */
export async function createStorage(settings: StorageSettings): Promise<Storage> {
  if (settings.S3_BUCKET) {
    const { createS3Storage } = await import("./s3-storage.ts");
    return createS3Storage({
      bucket: settings.S3_BUCKET,
      endpoint: settings.S3_ENDPOINT,
      region: settings.S3_REGION,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      prefix: settings.S3_PREFIX,
    });
  }
  const uploadsDir = path.join(settings.DATA_DIR, "uploads");
  await mkdir(uploadsDir, { recursive: true });
  return createLocalStorage(uploadsDir);
}
