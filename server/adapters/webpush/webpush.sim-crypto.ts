import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";

/**
 * What the web push simulator proves about each message, with node:crypto alone (not the sender's library, so a
 * mistake there is not repeated here): the VAPID token (RFC 8292) and the `aes128gcm` body (RFC 8188 records,
 * RFC 8291 keys), decrypted as the browser would with the subscription's private key and auth secret.
 */

/** A subscription's secret half, kept by the simulator as a browser keeps it. */
export interface ReceiverKeys {
  /** The P-256 private key (32 bytes). */
  privateKey: Buffer;
  /** The uncompressed public key (65 bytes): the subscription's `p256dh`. */
  publicKey: Buffer;
  /** 16 random bytes: the subscription's `auth`. */
  authSecret: Buffer;
}

/** A new key pair and auth secret, as `pushManager.subscribe()` makes them in a browser. */
export function newReceiverKeys(): ReceiverKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    privateKey:
      privateKey.length === 32
        ? privateKey
        : Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]),
    publicKey: ecdh.getPublicKey(),
    authSecret: randomBytes(16),
  };
}

/** Either what was proven or why not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface VapidClaims {
  /** The `k` of the header: the sender's public key, URL-safe Base64. */
  publicKey: string;
  subject: string;
  expiresAt: number;
}

const json = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
};

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT signed by `k`, for `audience` (the push
 * service's origin), expiring in the future but no more than 24 hours from now, with a `mailto:` or `https:`
 * subject.
 */
export function checkVapid(
  header: string | undefined,
  audience: string,
  nowMs = Date.now(),
): Checked<VapidClaims> {
  if (!header) return { ok: false, reason: "no Authorization header" };
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match) return { ok: false, reason: "the Authorization scheme is not vapid" };
  const params = new Map<string, string>();
  for (const part of match[1]!.split(",")) {
    const at = part.indexOf("=");
    if (at > 0) params.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const token = params.get("t");
  const key = params.get("k");
  if (!token || !key) return { ok: false, reason: "the vapid Authorization needs both t= and k=" };
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 0x04)
    return { ok: false, reason: "k is not an uncompressed P-256 public key" };
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "t is not a JWT" };
  const [head, body, signature] = parts as [string, string, string];
  const header_ = json(head) as { alg?: unknown; typ?: unknown } | null;
  if (!header_ || header_.alg !== "ES256") return { ok: false, reason: "the JWT is not signed with ES256" };
  let publicKey;
  try {
    publicKey = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: raw.subarray(1, 33).toString("base64url"),
        y: raw.subarray(33, 65).toString("base64url"),
      },
      format: "jwk",
    });
  } catch {
    return { ok: false, reason: "k is not a point on P-256" };
  }
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return { ok: false, reason: "the JWT's signature does not verify with k" };
  const claims = json(body) as { aud?: unknown; exp?: unknown; sub?: unknown } | null;
  if (!claims) return { ok: false, reason: "the JWT's claims are not JSON" };
  if (claims.aud !== audience)
    return { ok: false, reason: `the JWT's aud is ${String(claims.aud)}, not ${audience}` };
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds)
    return { ok: false, reason: "the JWT has expired" };
  if (claims.exp > nowSeconds + 24 * 60 * 60)
    return { ok: false, reason: "the JWT expires more than 24 hours ahead" };
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) {
    return { ok: false, reason: "the JWT's sub is not a mailto: or https: contact" };
  }
  return { ok: true, value: { publicKey: key, subject: claims.sub, expiresAt: claims.exp } };
}

const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}`), Buffer.from([0])]);

/** Decrypts an `aes128gcm` body sent to the subscription whose secret half is `keys` (RFC 8291, RFC 8188). */
export function decryptAes128gcm(body: Buffer, keys: ReceiverKeys): Checked<string> {
  // The header: salt (16), record size (4), key id length (1), key id: the sender's ephemeral public key (65).
  if (body.length < 21) return { ok: false, reason: "the body is shorter than an aes128gcm header" };
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65)
    return { ok: false, reason: `the key id is ${idLength} bytes, not a 65-byte public key` };
  if (recordSize < 18) return { ok: false, reason: `the record size ${recordSize} is too small` };
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length === 0) return { ok: false, reason: "the body has no record" };

  let secret: Buffer;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(keys.privateKey);
    secret = ecdh.computeSecret(senderKey);
  } catch {
    return { ok: false, reason: "the key id is not a P-256 public key" };
  }
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, keys.authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, info("aes128gcm"), 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, info("nonce"), 12));

  const plain: Buffer[] = [];
  const count = Math.ceil(records.length / recordSize);
  for (let seq = 0; seq < count; seq++) {
    const record = records.subarray(seq * recordSize, (seq + 1) * recordSize);
    if (record.length <= 16) return { ok: false, reason: `record ${seq} is too short` };
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number, XORed into the nonce's low bytes (it never needs more than 32 bits here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    let data: Buffer;
    try {
      const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      return { ok: false, reason: `record ${seq} does not decrypt with the subscription's keys` };
    }
    // Each record ends with its delimiter (2 for the last, 1 before it), then zero padding.
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end--;
    const last = seq === count - 1;
    if (end < 0 || data[end] !== (last ? 2 : 1))
      return { ok: false, reason: `record ${seq} has a wrong delimiter` };
    plain.push(data.subarray(0, end));
  }
  return { ok: true, value: Buffer.concat(plain).toString("utf8") };
}
