import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

// A software passkey for the server's tests (issue 43): an ES256 key that answers WebAuthn ceremonies as a phone's
// authenticator does, with user verification, at the test shop's address. The browser tests use Chromium's own
// virtual authenticator instead.

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

const flags = { up: 0x01, uv: 0x04, at: 0x40 } as const;

export function softPasskey(opts: { origin?: string; rpID?: string; verifyUser?: boolean } = {}) {
  const origin = opts.origin ?? "http://localhost:3000";
  const rpID = opts.rpID ?? "localhost";
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = new Uint8Array(randomBytes(16));
  let counter = 0;
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const authenticatorData = (withCredential: boolean) => {
    counter += 1;
    const head = new Uint8Array(37);
    head.set(sha256(rpID), 0);
    head[32] = flags.up | (opts.verifyUser === false ? 0 : flags.uv) | (withCredential ? flags.at : 0);
    new DataView(head.buffer).setUint32(33, counter);
    if (!withCredential) return head;
    const length = new Uint8Array(2);
    new DataView(length.buffer).setUint16(0, credentialId.length);
    return concat(head, new Uint8Array(16), length, credentialId, cosePublicKey);
  };
  const clientData = (type: string, challenge: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id: b64(credentialId),
    /** The answer to `navigator.credentials.create` for these options. */
    register(options: Record<string, unknown>) {
      const clientDataJSON = clientData("webauthn.create", options.challenge as string);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authenticatorData(true)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform" as const,
      };
    },
    /** The answer to `navigator.credentials.get` for these options, signed with the passkey. */
    authenticate(options: Record<string, unknown>) {
      const clientDataJSON = clientData("webauthn.get", options.challenge as string);
      const data = authenticatorData(false);
      const signature = sign("sha256", concat(data, sha256(clientDataJSON)), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(data),
          signature: b64(new Uint8Array(signature)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
