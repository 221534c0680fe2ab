import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { contentTypeOf, uploadsUrlPrefix, type Storage } from "../platform/storage.ts";

export interface S3Settings {
  bucket: string;
  /** An S3-compatible store's address (MinIO, Ceph, R2…); absent: Amazon S3 in `region`. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: what most S3-compatible stores expect. */
  forcePathStyle: boolean;
  /** Folder inside the bucket the shop's keys live under (none: the bucket's root). */
  prefix?: string;
}

/**
 * Files in an S3 bucket (the AWS SDK's S3 client), shared by every instance. A file is written once (a key that
 * exists already is the same content) and is never changed; the shop reads it back to serve it at its own URL, so
 * pages need not know where files live, and a CDN can sit in front of `/uploads/` as it would of the disk.
 */
export function createS3Storage(settings: S3Settings): Storage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // A store that does not answer fails the upload or the image, never hangs the request.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix.replace(/\/$/, "")}/${key}` : key);
  const missing = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;
  return {
    client,
    async write(key, bytes) {
      const Key = objectKey(key);
      const exists = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key })).then(
        () => true,
        (error: unknown) => {
          if (missing(error)) return false;
          throw error;
        },
      );
      if (exists) return;
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key,
          Body: bytes,
          ContentType: contentTypeOf(key),
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    url(key) {
      return uploadsUrlPrefix + key;
    },
    async read(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        if (!object.Body) return undefined;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
  };
}
