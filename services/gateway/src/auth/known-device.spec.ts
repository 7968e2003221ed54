import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { loadGatewayConfig } from '../config.js';
import { KNOWN_DEVICE_COOKIE, KnownDevices } from './known-device.js';

const config = (secret = 'a'.repeat(64)) => loadGatewayConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, KNOWN_DEVICE_DAYS: '30' });

/** What the sign-in answers: the cookie `remember` sets, and its options. */
function issue(devices: KnownDevices, accountId: string, cookie?: string) {
  const set: { value?: string; options?: Record<string, unknown> } = {};
  const response = { cookie: (_name: string, value: string, options: Record<string, unknown>) => Object.assign(set, { value, options }) };
  devices.remember(requestWith(cookie), response as unknown as Response, accountId);
  return set as { value: string; options: Record<string, unknown> };
}

const requestWith = (value?: string) =>
  ({ headers: value === undefined ? {} : { cookie: `other=1; ${KNOWN_DEVICE_COOKIE}=${value}` }, secure: false }) as unknown as Request;

describe(KnownDevices.name, () => {
  const account = randomUUID();

  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });

  it('should prove the device for its own account only', () => {
    const devices = new KnownDevices(config());
    const { value, options } = issue(devices, account);
    expect(options).toMatchObject({ httpOnly: true, sameSite: 'lax', maxAge: 30 * 24 * 60 * 60 * 1000 });
    const deviceId = devices.deviceFor(requestWith(value), account);
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(devices.deviceFor(requestWith(value), randomUUID())).toBeUndefined();
    expect(devices.deviceFor(requestWith(), account)).toBeUndefined();
  });

  it('should keep the device id when another member signs in on the same device', () => {
    const devices = new KnownDevices(config());
    const first = issue(devices, account).value;
    const other = randomUUID();
    const second = issue(devices, other, first).value;
    expect(devices.deviceFor(requestWith(second), other)).toBe(devices.deviceFor(requestWith(first), account));
  });

  it('should refuse a tampered cookie, one signed with another secret, and an expired one', () => {
    const devices = new KnownDevices(config());
    const value = issue(devices, account).value;
    const [deviceId, , issuedAt, signature] = value.split('.');
    const otherAccount = randomUUID();
    expect(devices.deviceFor(requestWith(`${deviceId}.${otherAccount}.${issuedAt}.${signature}`), otherAccount)).toBeUndefined();
    expect(devices.deviceFor(requestWith(issue(new KnownDevices(config('b'.repeat(64))), account).value), account)).toBeUndefined();
    expect(devices.deviceFor(requestWith('garbage'), account)).toBeUndefined();
    const later = realNow() + 31 * 24 * 60 * 60 * 1000;
    Date.now = () => later;
    expect(devices.deviceFor(requestWith(value), account)).toBeUndefined();
  });
});
