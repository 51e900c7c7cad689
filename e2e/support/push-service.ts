import {
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import {
  type BrowserPushKeys,
  decryptPush,
  newBrowserPushKeys,
} from '../../apps/server/src/test/push-keys.js';

/** One push message as the push service received it, decrypted as a browser would. */
export interface ReceivedPush {
  path: string;
  /** The JSON the service worker gets in its push event. */
  payload: Record<string, unknown>;
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

// DER, just enough of it for one self-signed certificate.
function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const arc of rest) {
    const digits = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) digits.unshift((v & 0x7f) | 0x80);
    bytes.push(...digits);
  }
  return tlv(0x06, Buffer.from(bytes));
}
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));

/**
 * A certificate for 127.0.0.1, valid for a day and signed by its own key: web-push only
 * sends to https endpoints, and the app server is told to trust this one certificate
 * (NODE_EXTRA_CA_CERTS), so no key material has to live in the repository.
 */
function selfSignedCertificate(): { key: KeyObject; certPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from('127.0.0.1')))));
  const now = Date.now();
  const serial = randomBytes(8);
  // DER integers are minimal and positive: a leading 0x00 before a byte below 0x80 is
  // "illegal padding" to OpenSSL (1 start in 256 failed), a leading bit set is negative.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ecdsaSha256,
    name,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(
      0xa3,
      seq(
        // subjectAltName: IP 127.0.0.1
        seq(oid('2.5.29.17'), tlv(0x04, seq(tlv(0x87, Buffer.from([127, 0, 0, 1]))))),
        // basicConstraints: CA, so it can be its own trust anchor
        seq(oid('2.5.29.19'), tlv(0x04, seq(tlv(0x01, Buffer.from([0xff]))))),
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ecdsaSha256, tlv(0x03, Buffer.from([0]), signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    key: createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    certPem: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}

/** The stand-in push service's certificate and key; the app server trusts `certFile`. */
export interface PushServiceCa {
  certFile: string;
  certPem: string;
  keyPem: string;
}

/** A new certificate for stand-in push services, written to `certFile`. */
export function createPushServiceCa(certFile: string): PushServiceCa {
  const { key, certPem } = selfSignedCertificate();
  writeFileSync(certFile, certPem);
  return { certFile, certPem, keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/**
 * A stand-in push service over https on 127.0.0.1 (DESIGN "Push": Chromium here has none).
 * It hands out browser-like subscriptions with its own keys and decrypts what the app
 * server sends to them. The app server must have been started with
 * `NODE_EXTRA_CA_CERTS: ca.certFile`.
 */
export async function startPushService(ca: PushServiceCa) {
  const keys = new Map<string, BrowserPushKeys>();
  const received: ReceivedPush[] = [];
  const server = createServer({ key: ca.keyPem, cert: ca.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const subscriber = keys.get(path);
      if (!subscriber) {
        res.writeHead(404).end();
        return;
      }
      try {
        received.push({ path, payload: decryptPush(Buffer.concat(chunks), subscriber) });
        res.writeHead(201).end();
      } catch {
        // What a browser could not decrypt never reaches the service worker.
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let counter = 0;
  return {
    /** Every push received so far, for `subscription.endpoint`. */
    receivedBy: (endpoint: string) =>
      received.filter((p) => p.path === new URL(endpoint).pathname).map((p) => p.payload),
    /** A new browser subscription at this service. */
    subscription(): SubscriptionJson {
      counter += 1;
      const path = `/push/${counter}`;
      const browser = newBrowserPushKeys();
      keys.set(path, browser);
      return {
        endpoint: `${base}${path}`,
        expirationTime: null,
        keys: { p256dh: browser.p256dh, auth: browser.auth },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
