import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/** S3rver's own account: requests signed with another key or secret are refused, as S3 refuses them. */
export const s3Credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * An S3-compatible server on this machine (S3rver: the S3 REST API with Signature V4 checks, objects on disk in a
 * folder of its own), with one empty bucket. What the S3 storage adapter is tested and the soak is run against.
 */
export async function startS3(bucket = "pasar") {
  const directory = await mkdtemp(path.join(tmpdir(), "pasar-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
