import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export const KNOWN_DEVICE_COOKIE = 'hdiya.device';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The proof, other than the password, that a sign-in comes from a device its member used before:
 * a long-lived, httpOnly cookie set at each successful sign-in, carrying a random device id and
 * the account id, signed with a key derived from SESSION_SECRET. When someone else's wrong
 * passwords exhaust an account's allowance, its holder still gets in (decision 0021). It proves
 * nothing for another account, and tells nothing to scripts (httpOnly) or other sites (Lax).
 */
@Injectable()
export class KnownDevices {
  private readonly key: Buffer;
  private readonly maxAgeMs: number;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.key = createHmac('sha256', config.SESSION_SECRET).update('hdiya known-device cookie v1').digest();
    this.maxAgeMs = config.KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000;
  }

  /** The device id the request proves for this account, if its cookie is valid, fresh and this account's. */
  deviceFor(request: Request, accountId: string): string | undefined {
    const cookie = this.read(request);
    return cookie && cookie.accountId === accountId ? cookie.deviceId : undefined;
  }

  /** After a successful sign-in: (re)issues the cookie for this account, keeping the device's id. */
  remember(request: Request, response: Response, accountId: string): void {
    const deviceId = this.read(request)?.deviceId ?? randomUUID();
    const body = `${deviceId}.${accountId}.${Math.floor(Date.now() / 1000)}`;
    response.cookie(KNOWN_DEVICE_COOKIE, `${body}.${this.sign(body)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.COOKIE_SECURE === 'true' || (this.config.COOKIE_SECURE === 'auto' && request.secure),
      maxAge: this.maxAgeMs,
      path: '/api',
    });
  }

  private read(request: Request): { deviceId: string; accountId: string } | undefined {
    const value = cookieValue(request.headers.cookie, KNOWN_DEVICE_COOKIE);
    const [deviceId, accountId, issuedAt, signature, ...rest] = value?.split('.') ?? [];
    if (!deviceId || !accountId || !issuedAt || !signature || rest.length > 0) return undefined;
    if (!UUID.test(deviceId) || !UUID.test(accountId) || !/^\d{1,12}$/.test(issuedAt)) return undefined;
    const expected = Buffer.from(this.sign(`${deviceId}.${accountId}.${issuedAt}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (Date.now() - Number(issuedAt) * 1000 > this.maxAgeMs) return undefined;
    return { deviceId, accountId };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
