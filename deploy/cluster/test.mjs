// @ts-check
// `npm run test:cluster`: the three-host cluster test (e2e/cluster, decision 0069). Root only:
// the hosts are network namespaces. Needs a build (`npm run build`) and HAProxy
// (`bash deploy/local/infra.sh --with-cluster`); the test starts everything else itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVICES } from '../local/stack.mjs';
import { unavailable } from './hosts.mjs';

/** @param {string} why */
const refuse = (why) => {
  console.error(`test:cluster: ${why}`);
  process.exit(1);
};

const why = unavailable();
if (why) refuse(why);
for (const command of ['haproxy', 'nats-server']) {
  if (spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status !== 0) {
    refuse(`${command} is not installed: run \`bash deploy/local/infra.sh --with-cluster\` first`);
  }
}
const unbuilt = SERVICES.filter((service) => !existsSync(path.join(ROOT, 'services', service, 'dist', 'main.js')));
if (unbuilt.length > 0) refuse(`${unbuilt.join(', ')} not built: run \`npm run build\` first`);

const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(process.execPath, ['--experimental-vm-modules', jest, '-c', path.join('e2e', 'cluster', 'jest.config.js'), '--runInBand', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
