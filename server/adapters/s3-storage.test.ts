import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renditionPath, type ImageView } from "#common/images.ts";
import { signedInUser } from "../../tests/setup/money.ts";
import { s3Credentials, startS3 } from "../../tests/setup/s3.ts";
import { createTestApp } from "../../tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createStorage } from "./storage-provider.ts";

// Storage does not depend on the database: like every adapter's test, this file runs once (vitest.config.ts).
describe("files in an S3-compatible bucket", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let database: TestDatabase;
  let storage: ReturnType<typeof createS3Storage>;
  let puts = 0;

  beforeAll(async () => {
    s3 = await startS3();
    database = await createTestDatabase();
    storage = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      ...s3Credentials,
      forcePathStyle: true,
    });
    storage.client.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === "PutObjectCommand") puts++;
        return next(args);
      },
      { step: "initialize" },
    );
  });
  afterAll(async () => {
    await database?.destroy();
    await s3?.stop();
  });

  /** The objects in the bucket, as the S3 server keeps them on its disk (`<key>._S3rver_object`). */
  async function keysInBucket(): Promise<string[]> {
    const root = path.join(s3.directory, s3.bucket);
    const files = await readdir(root, { recursive: true });
    return files
      .filter((f) => f.endsWith("._S3rver_object"))
      .map((f) => f.slice(0, -"._S3rver_object".length))
      .sort();
  }

  it("keeps an upload in the bucket, not on the disk, and serves it at the same URL with the same caching", async () => {
    const app = createTestApp({ ...database, storage });
    const { token } = await signedInUser(database);
    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#b91c1c" } })
      .jpeg()
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.set("avatar", new File([new Uint8Array(photo)], "me.jpg", { type: "image/jpeg" }));
      return app.request("/trpc/account.updateAvatar", {
        method: "POST",
        headers: { authorization: token },
        body: form,
      });
    };
    const res = await upload();
    expect(res.status).toBe(200);
    const avatar: ImageView = (await res.json()).result.data.json.avatar;
    expect(avatar.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}$/);
    const files = [72, 144, 216].flatMap((w) =>
      avatar.formats.map((f) => renditionPath(avatar.url, avatar, w, f)),
    );
    expect(await keysInBucket()).toEqual(files.map((f) => f.slice("/uploads/".length)).sort());
    expect(puts).toBe(files.length);

    for (const file of files) {
      const image = await app.request(file);
      expect(image.status).toBe(200);
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(image.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(Number(image.headers.get("content-length"))).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(Number(/-(\d+)\./.exec(file)?.[1] ?? avatar.width));
    }

    // The same picture again: its files are named by their content, so nothing is sent twice.
    expect((await upload()).status).toBe(200);
    expect(puts).toBe(files.length);
  });

  it("answers 404 for a key it does not have, and for a path that tries to leave the store", async () => {
    const app = createTestApp({ ...database, storage });
    expect((await app.request("/uploads/avatars/0000.webp")).status).toBe(404);
    // An encoded slash survives the URL's own clean-up of "..": the store never sees such a key.
    expect((await app.request("/uploads/avatars/..%2f..%2fetc%2fpasswd")).status).toBe(404);
    expect((await app.request("/uploads/")).status).toBe(404);
  });

  it("is chosen by S3_BUCKET, and a store that refuses the shop's signature refuses its writes", async () => {
    const chosen = await createStorage({
      DATA_DIR: "/nonexistent",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: "shop-a",
    });
    await chosen.write("site/x.png", new Uint8Array([1, 2, 3]));
    expect(await keysInBucket()).toContain("shop-a/site/x.png");
    const read = await chosen.read("site/x.png");
    expect(read?.contentType).toBe("image/png");
    expect(new Uint8Array(await new Response(read!.body).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

    const forged = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3Credentials.accessKeyId,
      secretAccessKey: "not-the-secret",
      forcePathStyle: true,
    });
    // Refused (403) at its first request: nothing is written.
    await expect(forged.write("site/y.png", new Uint8Array([4]))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    expect(await keysInBucket()).not.toContain("site/y.png");
  });
});
