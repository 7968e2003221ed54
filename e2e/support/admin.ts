import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serviceDatabaseUrl } from '@hdiya/testing';
import { ApiClient, newMemberPayload } from './api-client.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the documented create-admin command (`npm run create-admin -- …`) against the test database. */
export function createAdminCommand(args: string[], password?: string, usersDatabaseUrl = serviceDatabaseUrl('users')) {
  return run('npm', ['run', '--silent', 'create-admin', '--', ...args], {
    cwd: ROOT,
    // Hashed at the test stack's cost, as its members are (the production cost: about 0.7 s of CPU each).
    env: { ...process.env, DATABASE_URL: usersDatabaseUrl, PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_TIME_COST: '1', ...(password ? { ADMIN_PASSWORD: password } : {}) },
  });
}

/** A new administrator, signed in. `apiUrl` and `usersDatabaseUrl`: a private stack's. */
export async function signedInAdmin({ apiUrl, usersDatabaseUrl }: { apiUrl?: string; usersDatabaseUrl?: string } = {}) {
  const payload = newMemberPayload();
  await createAdminCommand(['--username', payload.username, '--email', payload.email, '--phone', payload.phone], payload.password, usersDatabaseUrl);
  const client = apiUrl ? new ApiClient(apiUrl, apiUrl) : new ApiClient();
  const login = await client.call('POST /api/login', { body: { username: payload.username, password: payload.password } });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  return { client, payload, user: login.body };
}
