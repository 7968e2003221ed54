import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service for tests (what a browser vendor runs): it receives what `web-push` sends, checks
// the VAPID authorisation (RFC 8292) and decrypts the payload with the device's keys (aes128gcm,
// RFC 8188 and RFC 8291), as a real one and the browser would.

/** One browser's subscription: its ECDH P-256 key pair and auth secret, made here as a browser makes them. */
export interface TestPushDevice {
  id: string;
  endpoint: string;
  /** `PushSubscription.toJSON()`, what the web app registers. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Makes the next pushes to this device answered with these statuses in turn (then 201). */
  answerNext(...statuses: number[]): void;
}

export interface ReceivedPush {
  deviceId: string;
  /** What the push service answered. */
  status: number;
  /** Why the push was refused (a bad signature or encryption): null when everything checked out. */
  problem: string | null;
  /** The decrypted text (the service worker's `event.data.text()`). */
  text: string | null;
  headers: { ttl: string | undefined; topic: string | undefined; urgency: string | undefined; contentEncoding: string | undefined };
  vapid: { aud: string; exp: number; sub: string } | null;
}

interface Device {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string;
  answers: number[];
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  private readonly devices = new Map<string, Device>();
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushServiceStandIn> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const standIn = new PushServiceStandIn(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void standIn.handle(request).then(
        (status) => response.writeHead(status).end(),
        () => response.writeHead(500).end(),
      );
    });
    return standIn;
  }

  /** A new device subscribed with `applicationServerKey` (the VAPID public key the server signs with). */
  device(applicationServerKey: string): TestPushDevice {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const device: Device = { ecdh, publicKey, auth: randomBytes(16), applicationServerKey, answers: [] };
    this.devices.set(id, device);
    const endpoint = `${this.origin}/push/${id}`;
    return {
      id,
      endpoint,
      subscription: { endpoint, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(device.auth) } },
      answerNext: (...statuses) => device.answers.push(...statuses),
    };
  }

  /** Pushes a device received (every attempt, in order). */
  pushesTo(device: TestPushDevice): ReceivedPush[] {
    return this.received.filter((push) => push.deviceId === device.id);
  }

  /** Resolves once `condition` holds over what was received (checked after each push). */
  async until(condition: (received: ReceivedPush[]) => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition(this.received)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`push stand-in: condition not met in ${timeoutMs} ms; received ${JSON.stringify(this.received, null, 1)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
    const device = id ? this.devices.get(id) : undefined;
    if (!id || !device || request.method !== 'POST') return 404;
    const push: ReceivedPush = {
      deviceId: id,
      status: 201,
      problem: null,
      text: null,
      headers: {
        ttl: request.headers['ttl'] as string | undefined,
        topic: request.headers['topic'] as string | undefined,
        urgency: request.headers['urgency'] as string | undefined,
        contentEncoding: request.headers['content-encoding'] as string | undefined,
      },
      vapid: null,
    };
    try {
      push.vapid = this.checkVapid(request.headers.authorization, device);
      if (push.headers.ttl === undefined || !/^\d+$/.test(push.headers.ttl)) throw new Error('no TTL header');
      if (push.headers.contentEncoding !== 'aes128gcm') throw new Error(`Content-Encoding ${push.headers.contentEncoding}, not aes128gcm`);
      push.text = decryptAes128gcm(body, device);
      push.status = device.answers.shift() ?? 201;
    } catch (error) {
      push.problem = (error as Error).message;
      push.status = 400;
    }
    this.received.push(push);
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
    return push.status;
  }

  /** `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): ES256 by that key, for our origin, not expired. */
  private checkVapid(header: string | undefined, device: Device): { aud: string; exp: number; sub: string } {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
    if (!match) throw new Error(`no VAPID authorisation: ${header}`);
    const [, token, key] = match as unknown as [string, string, string];
    if (key !== device.applicationServerKey) throw new Error('VAPID key is not the one the device subscribed with');
    const [head, claims, signature] = token.split('.') as [string, string, string];
    const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`);
    const raw = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) throw new Error('VAPID JWT signature does not verify');
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
    if (payload.aud !== this.origin) throw new Error(`JWT aud ${payload.aud}, not ${this.origin}`);
    const now = Date.now() / 1000;
    if (!(payload.exp > now && payload.exp <= now + 24 * 60 * 60)) throw new Error(`JWT exp ${payload.exp} not within the next 24 h`);
    if (!/^(mailto:|https:)/.test(payload.sub)) throw new Error(`JWT sub ${payload.sub}`);
    return payload;
  }
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, its padding delimiter 0x02 (the last record). */
function decryptAes128gcm(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('payload lacks the last record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
