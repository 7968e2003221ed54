import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { jest } from '@jest/globals';
import pg from 'pg';
import { ApiClient } from '../support/api-client.js';
import { ROOT, withPrivateStack, type PrivateStack } from '../support/private-stack.js';

// README's first command (`npm start`) promises the product "with demo data": the loader
// (deploy/demo/seed-demo.mjs) goes through the public API and opens each member's verification
// link from the mail queued for them, so a change to an API answer or to a mail's link breaks
// it. A private stack, since the loader only runs on a database with no donation.

jest.setTimeout(300_000);

const SEED = path.join(ROOT, 'deploy/demo/seed-demo.mjs');
const DONATIONS = 6;
const { DEMO_MEMBERS, DEMO_PASSWORD } = (await import(path.join(ROOT, 'deploy/demo/catalogue.mjs'))) as { DEMO_MEMBERS: [string, string, string][]; DEMO_PASSWORD: string };

let world: PrivateStack;
withPrivateStack('demo', { gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000' } }, (started) => (world = started));

const load = () =>
  promisify(execFile)('node', [SEED], {
    cwd: ROOT,
    env: { ...process.env, GATEWAY_URL: world.stack.url, DATABASE_URL: world.stack.env('users').DATABASE_URL!, DEMO_DONATIONS: String(DONATIONS) },
  });

async function donationsStored(): Promise<number> {
  const db = new pg.Client({ connectionString: world.databaseUrl });
  await db.connect();
  try {
    return Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM donations.donations WHERE status = 'available'`)).rows[0]!.n);
  } finally {
    await db.end();
  }
}

async function signedInDemoMember(username: string): Promise<ApiClient> {
  const member = new ApiClient(world.stack.url, world.stack.url);
  const answer = await member.call('POST /api/login', { body: { username, password: DEMO_PASSWORD } });
  expect(answer.status).toBe(200);
  return member;
}

describe('the demo data loader', () => {
  it('should load verified members, their donations and a conversation, and stop on a second run', async () => {
    const first = await load();
    expect(first.stdout).toContain(`demo data loaded: ${DONATIONS} donations, ${DEMO_MEMBERS.length} members`);

    const amina = await signedInDemoMember(DEMO_MEMBERS[0]![0]);
    const account = await amina.call('GET /api/auth/user');
    expect(account.body).toMatchObject({ username: DEMO_MEMBERS[0]![0], emailVerified: true });
    expect(await donationsStored()).toBe(DONATIONS);
    const conversations = await amina.call('GET /api/conversations');
    expect(conversations.status).toBe(200);
    expect(conversations.body).toHaveLength(1);

    const second = await load();
    expect(second.stdout).toContain('donations already present: demo data not loaded again');
  });
});
