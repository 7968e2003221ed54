// @ts-check
// The cluster test's NATS: three nats-server processes, one per host (10.78.0.N:4222, monitoring
// on :8222, routes on :6222), JetStream stored per node. Each node's configuration is the
// project's deploy/nats/nats-server.conf (its users and permissions) plus one user of the test's
// own with every right: it steps the EVENTS stream's leader down and reads the stream back, which
// no process's user nor the operator may do (decision 0069). The user is added into the project's
// `users` list: a second `authorization` block would replace the first, not extend it.
// durable-jetstream.conf's `sync_interval: always` is left out: Debian's 2.9.10 refuses it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NATS_CONFIG, natsPasswordVariables } from '../local/stack.mjs';
import { HOSTS, hostAddress, spawnOn } from './hosts.mjs';

export const CLIENT_PORT = 4222;
export const MONITOR_PORT = 8222;
const ROUTE_PORT = 6222;
/**
 * The name node `index`'s server goes by (streams name their leader by it).
 * @param {number} index
 */
export const nodeName = (index) => `hdc-n${index + 1}`;
/** The servers, as one NATS_URL: a client fails over between them. */
export const NATS_URLS = HOSTS.map((_, index) => `nats://${hostAddress(index)}:${CLIENT_PORT}`).join(',');
export const TEST_USER = 'cluster-test';

/**
 * Writes each node's configuration under `dir`; returns the test user's password.
 * @param {string} dir
 */
export function writeNatsConfigs(dir) {
  const testPassword = `p${randomBytes(18).toString('hex')}`;
  const project = readFileSync(NATS_CONFIG, 'utf8');
  const withTestUser = project.replace(
    /^(\s*users = \[)$/m,
    `$1\n    { user: ${TEST_USER}, password: ${testPassword}, permissions: { publish: ">", subscribe: ">" } }`,
  );
  if (withTestUser === project) throw new Error(`${NATS_CONFIG} has no \`users = [\` line to add the test user to`);
  writeFileSync(path.join(dir, 'users.conf'), withTestUser);
  HOSTS.forEach((_, index) => {
    const address = hostAddress(index);
    const store = path.join(dir, nodeName(index));
    mkdirSync(store, { recursive: true });
    const routes = HOSTS.map((__, other) => other)
      .filter((other) => other !== index)
      .map((other) => `    nats-route://${hostAddress(other)}:${ROUTE_PORT}`);
    const conf = [
      'include "users.conf"',
      `server_name: ${nodeName(index)}`,
      `listen: ${address}:${CLIENT_PORT}`,
      `http: ${address}:${MONITOR_PORT}`,
      `jetstream { store_dir: "${store}", max_memory_store: 64MB, max_file_store: 1GB }`,
      'cluster {',
      '  name: hdiya-cluster',
      `  listen: ${address}:${ROUTE_PORT}`,
      '  routes: [',
      ...routes,
      '  ]',
      '}',
    ];
    writeFileSync(path.join(dir, `${nodeName(index)}.conf`), `${conf.join('\n')}\n`);
  });
  return testPassword;
}

/**
 * Starts node `index` on its host, its passwords (every process's) given through the environment.
 * @param {string} dir
 * @param {number} index
 * @param {Record<string, string>} passwords  natsPasswords()
 * @param {string} logFile
 */
export function startNatsNode(dir, index, passwords, logFile) {
  return spawnOn(index, 'nats-server', ['-c', path.join(dir, `${nodeName(index)}.conf`), '-l', logFile], {
    env: { ...process.env, ...natsPasswordVariables(passwords) },
    stdio: 'ignore',
  });
}
