/**
 * A push service on loopback, for tests: an HTTPS server on 127.0.0.1 (its own certificate,
 * `receiver.cert.pem`, made for these tests only and trusted by the local server through
 * `MANCALA_PUSH_CA`) that takes a push request as a browser's push service would and checks it:
 *
 * - the VAPID header (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, the JWT an ES256
 *   signature (verified with @noble/curves) by `k` over claims whose `aud` is this receiver's
 *   origin, whose `exp` is in the future and at most 24 hours away, and whose `sub` is a `mailto:`
 *   or `https:` contact;
 * - the payload (RFC 8291, `Content-Encoding: aes128gcm`, RFC 8188 framing), decrypted with the
 *   private key and authentication secret of the subscription this receiver made: ECDH and HKDF
 *   from node:crypto, AES-128-GCM.
 *
 * So a test sees the exact text a phone would show. A device can be told to answer 410 (gone) or
 * any other status.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { p256 } from "@noble/curves/nist.js";
import type { PushSubscriptionJson } from "../../../core/protocol/push.js";

const HERE = dirname(fileURLToPath(import.meta.url));
/** The receiver's certificate: what the server under test must trust (`MANCALA_PUSH_CA`). */
export const RECEIVER_CA_FILE = join(HERE, "receiver.cert.pem");

interface ReceivedPush {
  readonly device: string;
  /** The decrypted payload. */
  readonly text: string;
  /** The VAPID public key that signed the request (base64url). */
  readonly vapidKey: string;
  readonly claims: { readonly aud: string; readonly exp: number; readonly sub: string };
  readonly ttl: number;
  readonly urgency: string | undefined;
}

interface Device {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
  status: number;
}

export interface PushReceiver {
  /** `https://127.0.0.1:<port>`: what MANCALA_PUSH_ORIGINS must list. */
  readonly origin: string;
  /** A new device: the subscription a browser would hand the page. */
  subscribe(): { readonly device: string; readonly subscription: PushSubscriptionJson };
  /** What the device's endpoint answers from now on (201 by default; 410: the subscription is gone). */
  answer(device: string, status: number): void;
  /** Every push accepted and decrypted so far. */
  readonly received: readonly ReceivedPush[];
  /** Requests refused (bad VAPID header, bad encryption, unknown device), with the reason. */
  readonly refused: readonly string[];
  /** Every request, accepted or not, by device. */
  requests(device: string): number;
  /** Waits for a push to `device` after the `after`-th one it got. */
  next(device: string, after: number, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64u = (b: Uint8Array): string => Buffer.from(b).toString("base64url");

function checkVapid(
  header: string | undefined,
  origin: string,
  now: number,
): Pick<ReceivedPush, "vapidKey" | "claims"> {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (m === null) throw new Error(`no VAPID authorization: ${header}`);
  const [h, p, s] = m[1].split(".");
  const key = Buffer.from(m[2], "base64url");
  const head = JSON.parse(Buffer.from(h, "base64url").toString("utf8")) as { alg?: string; typ?: string };
  if (head.alg !== "ES256" || head.typ !== "JWT") throw new Error(`JWT header ${JSON.stringify(head)}`);
  const sig = Buffer.from(s, "base64url");
  if (sig.length !== 64) throw new Error("ES256 signature is not 64 bytes");
  const signed = new TextEncoder().encode(`${h}.${p}`);
  if (!p256.verify(sig, signed, key, { prehash: true, lowS: false }))
    throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as ReceivedPush["claims"];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const nowS = Math.floor(now / 1000);
  if (!(claims.exp > nowS && claims.exp <= nowS + 24 * 3600)) throw new Error(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { vapidKey: m[2], claims };
}

/** RFC 8291 over RFC 8188: one record, the keys derived as section 3.4 says. */
function decrypt(body: Buffer, d: Device): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || rs < 18 || record.length > rs) throw new Error("bad aes128gcm header");
  const uaPublic = d.ecdh.getPublicKey();
  const ecdhSecret = d.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, d.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 2) throw new Error("the last record has no 0x02 delimiter");
  return plain.subarray(0, end).toString("utf8");
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, Device>();
  const counts = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters: (() => void)[] = [];
  let origin = "";
  const server: Server = createServer(
    { cert: readFileSync(RECEIVER_CA_FILE), key: readFileSync(join(HERE, "receiver.key.pem")) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1] ?? "";
        counts.set(id, (counts.get(id) ?? 0) + 1);
        const d = devices.get(id);
        try {
          if (req.method !== "POST") throw new Error(`method ${req.method}`);
          if (d === undefined) throw new Error(`unknown device ${id}`);
          if (d.status !== 201) {
            res.writeHead(d.status).end();
            return;
          }
          const vapid = checkVapid(req.headers.authorization, origin, Date.now());
          if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
          const text = decrypt(Buffer.concat(chunks), d);
          received.push({
            device: id,
            text,
            ...vapid,
            ttl: Number(req.headers.ttl),
            urgency: req.headers.urgency as string | undefined,
          });
          res.writeHead(201).end();
        } catch (e) {
          refused.push((e as Error).message);
          res.writeHead(400).end();
        }
        for (const w of waiters.splice(0)) w();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const device = randomBytes(9).toString("base64url");
      const auth = randomBytes(16);
      devices.set(device, { ecdh, auth, status: 201 });
      return {
        device,
        subscription: {
          endpoint: `${origin}/push/${device}`,
          expirationTime: null,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
        },
      };
    },
    answer(device, status) {
      devices.get(device)!.status = status;
    },
    received,
    refused,
    requests: (device) => counts.get(device) ?? 0,
    async next(device, after, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = received.filter((r) => r.device === device);
        if (got.length > after) return got[after];
        if (Date.now() > deadline)
          throw new Error(`no push to ${device} in ${timeoutMs} ms (refused: ${refused.join("; ")})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 100);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
