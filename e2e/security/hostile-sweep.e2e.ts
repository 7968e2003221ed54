import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { signedInAdmin } from '../support/admin.js';
import { balanceOf, expectBalance, publish } from '../support/members.js';

// Every /api route of the gateway (found in its controllers, so a new route is swept without
// anyone listing it), called by each role with hostile path values and bodies: wrong types, huge
// strings, missing fields, other members' ids, ids of deleted things, injection attempts. No
// answer may be a 5xx, no answer to anyone but an administrator may contain the victim's e-mail
// or phone, and the victim's points, profile and saved searches stay theirs. The socket's one
// client event gets the same treatment.

const GATEWAY_SOURCES = fileURLToPath(new URL('../../services/gateway/src', import.meta.url));

interface Route {
  method: string;
  path: string;
}

/** `@Controller('prefix')` + `@Get('path')` … in every controller of the gateway. */
function gatewayRoutes(): Route[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.controller.ts') ? [path.join(dir, e.name)] : []));
  const routes: Route[] = [];
  for (const file of files(GATEWAY_SOURCES)) {
    const source = readFileSync(file, 'utf8');
    const prefix = /@Controller\('([^']*)'\)/.exec(source)?.[1] ?? '';
    for (const [, verb, sub] of source.matchAll(/@(Get|Post|Patch|Put|Delete)\((?:'([^']*)')?\)/g)) {
      routes.push({ method: verb!.toUpperCase(), path: `/${[prefix, sub].filter(Boolean).join('/')}` });
    }
  }
  return routes;
}

const HUGE = 'x'.repeat(200_000);

/** Bodies no client should send. */
function hostileBodies(victim: { id: string; phone: string; email: string }): unknown[] {
  return [
    {},
    [],
    'juste une chaîne',
    12,
    { title: HUGE, description: HUGE, content: HUGE, query: HUGE, message: HUGE, name: HUGE, email: HUGE, code: HUGE },
    { title: ['a'], categoryId: { $gt: 0 }, city: null, points: '1e9', distance: -5, lat: 'NaN', lng: Infinity, status: { toString: 1 } },
    JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}'),
    // Another member's identity, in every field a careless handler might trust.
    {
      userId: victim.id,
      senderId: victim.id,
      receiverId: victim.id,
      reservedById: victim.id,
      ownerId: victim.id,
      actor: { id: victim.id, role: 'admin' },
      role: 'admin',
      receiverIdentifier: victim.phone,
      points: 1,
      email: victim.email,
      phone: victim.phone,
      username: 'x',
      password: 'y',
      status: 'reserved',
      code: '0000',
      content: 'bonjour',
      donationId: 1,
      query: 'lampe',
      city: 'Rabat',
      distance: 10,
    },
  ];
}

function pathValues(name: string, ids: { donation: number; deleted: number; victim: string; file: string }): string[] {
  const common = ['0', '-1', '99999999999999999999', 'abc', "1' OR '1'='1", '..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(3000)];
  if (name === 'file') return [ids.file, 'nope.webp', ...common];
  if (name === 'userId') return [ids.victim, '00000000-0000-0000-0000-000000000000', ...common];
  return [String(ids.donation), String(ids.deleted), ids.victim, ...common];
}

it('should answer every route, for every role, without a 5xx or another member’s private data', async () => {
  const victim = await signedUpMember({ firstName: 'Victime', lastName: 'Sweep' });
  await expectBalance(victim.client, { points: 10 }, 'welcome');
  const victimDonation = await publish(victim.client, 'Don de la victime');
  const deleted = await publish(victim.client, 'Don supprimé');
  expect((await victim.client.call('DELETE /api/donations/{id}', { params: { id: deleted.id } })).status).toBe(200);
  await victim.client.call('POST /api/saved-searches', { body: { query: 'lampe', city: 'Rabat', distance: 10 } });
  await victim.client.call('POST /api/messages', { body: { content: 'Message privé', receiverId: victim.user.id } });

  const stranger = await signedUpMember();
  const reserver = await signedUpMember();
  const owner = await signedUpMember();
  const admin = await signedInAdmin();
  await expectBalance(reserver.client, { points: 10 }, 'welcome');
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: victimDonation.id } })).status).toBe(200);
  const ownersDonation = await publish(owner.client, 'Don du propriétaire');
  expect((await victim.client.call('POST /api/donations/{id}/reserve', { params: { id: ownersDonation.id } })).status).toBe(200);
  const before = await balanceOf(victim.client);
  const profile = (await victim.client.call('GET /api/auth/user')).body;
  const searches = (await victim.client.call('GET /api/saved-searches')).body;

  const roles: [string, ApiClient][] = [
    ['visitor', new ApiClient()],
    ['member', stranger.client],
    ['reserver', reserver.client],
    ['owner', owner.client],
    ['admin', admin.client],
  ];
  const routes = gatewayRoutes().filter((r) => r.path !== '/api/logout');
  expect(routes.length).toBeGreaterThanOrEqual(55);
  const ids = { donation: victimDonation.id, deleted: deleted.id, victim: victim.user.id, file: 'x.webp' };
  const secrets = [victim.payload.email as string, victim.payload.phone as string];
  const failures: string[] = [];
  const leaks: string[] = [];
  const answered = new Map<string, number>();

  for (const [role, client] of roles) {
    for (const route of routes) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const urls = names.length === 0 ? [route.path] : pathValues(names[0]!, ids).map((v) => route.path.replace(/:\w+/g, v));
      const bodies = ['POST', 'PATCH', 'PUT'].includes(route.method) ? hostileBodies({ id: victim.user.id, phone: secrets[1]!, email: secrets[0]! }) : [undefined];
      for (const url of urls) {
        for (const body of url === urls[0] ? bodies : bodies.slice(0, 1)) {
          const res = await client.request(route.method, url.length > 8000 ? url.slice(0, 8000) : url, body);
          const text = JSON.stringify(res.body ?? '');
          answered.set(`${Math.floor(res.status / 100)}xx`, (answered.get(`${Math.floor(res.status / 100)}xx`) ?? 0) + 1);
          if (res.status >= 500) failures.push(`${role} ${route.method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 60)} → ${res.status} ${text.slice(0, 120)}`);
          if (role !== 'admin' && secrets.some((s) => text.includes(s))) leaks.push(`${role} ${route.method} ${url.slice(0, 80)}`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
  expect(leaks).toEqual([]);
  // The sweep reached the handlers: thousands of calls, refused (4xx) and accepted (2xx) alike.
  expect(answered.get('4xx')).toBeGreaterThan(2000);
  expect(answered.get('2xx')).toBeGreaterThan(50);

  // Nothing was taken from the victim or changed in their name.
  const after = await balanceOf(victim.client);
  expect((after.points ?? 0) + (after.blockedPoints ?? 0)).toBeGreaterThanOrEqual((before.points ?? 0) + (before.blockedPoints ?? 0));
  const profileAfter = (await victim.client.call('GET /api/auth/user')).body;
  for (const field of ['email', 'phone', 'firstName', 'lastName', 'username', 'role'] as const) expect(profileAfter[field]).toEqual(profile[field]);
  expect((await victim.client.call('GET /api/saved-searches')).body).toEqual(searches);
}, 240_000);

it('should survive hostile socket events and keep the socket server answering', async () => {
  const member = await signedUpMember();
  const url = testEnv().gatewayUrl;
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: url, cookie: `hdiya.sid=${member.client.sessionCookie}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const hostile: unknown[] = [null, 'x', 42, [], { to: 123 }, { to: HUGE }, { to: member.user.id, donationId: 'abc' }, { to: { $ne: null } }, JSON.parse('{"__proto__": {"x": 1}}')];
  for (const payload of hostile) socket.emit('typing', payload);
  socket.emit('unknown-event', { a: 1 });
  socket.emit('typing', ...Array.from({ length: 50 }, () => HUGE.slice(0, 1000)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await new ApiClient().call('GET /api/health')).status).toBe(200);
  socket.disconnect();
  // A fresh socket still connects: the server survived.
  const again = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: url, cookie: `hdiya.sid=${member.client.sessionCookie}` } });
  await new Promise<void>((resolve, reject) => {
    again.once('connect', () => resolve());
    again.once('connect_error', reject);
  });
  again.disconnect();
});
