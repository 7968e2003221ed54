import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { testEnv } from '@hdiya/testing';
import { EndedSessionTraces } from '../src/auth/ended-session-traces.js';
import { MEMBER_SESSIONS_PREFIX } from '../src/auth/member-sessions.js';
import { SESSION_KEY_PREFIX } from '../src/session/session.middleware.js';

// Issue 47, "ended sessions' traces", on a real Redis: a session expires on its own, but its id
// stayed in the member's index for as long as the member kept signing in. The sweep takes such ids
// out (on its second sighting, so a session being created is never taken out), keeps the live ones,
// and an index left empty disappears.

let redis: Redis;

beforeAll(async () => {
  redis = new Redis(testEnv().redisUrl, { lazyConnect: true });
  await redis.connect();
});

afterAll(() => redis.quit());

const indexOf = (memberId: string) => `${MEMBER_SESSIONS_PREFIX}${memberId}`;

async function signedIn(memberId: string, live: boolean): Promise<string> {
  const sessionId = randomUUID();
  await redis.sadd(indexOf(memberId), sessionId);
  await redis.expire(indexOf(memberId), 60);
  if (live) await redis.set(`${SESSION_KEY_PREFIX}${sessionId}`, '{}', 'EX', 60);
  return sessionId;
}

it('should take the ids of ended sessions out of the members’ indexes on the second sweep, and keep the live ones', async () => {
  const member = randomUUID();
  const live = await signedIn(member, true);
  const ended = await signedIn(member, false);
  const alone = randomUUID();
  await signedIn(alone, false);
  const sut = new EndedSessionTraces(redis, 1000);

  await sut.sweep();
  // First sighting: it may be a session whose first save is on its way.
  expect((await redis.smembers(indexOf(member))).sort()).toEqual([live, ended].sort());

  await sut.sweep();
  expect(await redis.smembers(indexOf(member))).toEqual([live]);
  expect(await redis.exists(indexOf(alone))).toBe(0);
});

it('should keep an id whose session was saved between two sweeps', async () => {
  const member = randomUUID();
  const arriving = await signedIn(member, false);
  const sut = new EndedSessionTraces(redis, 1000);
  await sut.sweep();
  await redis.set(`${SESSION_KEY_PREFIX}${arriving}`, '{}', 'EX', 60);
  await sut.sweep();
  await sut.sweep();
  expect(await redis.smembers(indexOf(member))).toEqual([arriving]);
});

it('should let two replicas sweep at once', async () => {
  const member = randomUUID();
  const ended = await Promise.all([signedIn(member, false), signedIn(member, false)]);
  const live = await signedIn(member, true);
  const replicas = [new EndedSessionTraces(redis, 1000), new EndedSessionTraces(redis, 1000)];
  await Promise.all(replicas.map((r) => r.sweep()));
  const removed = await Promise.all(replicas.map((r) => r.sweep()));
  expect(removed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(ended.length);
  expect(await redis.smembers(indexOf(member))).toEqual([live]);
});
