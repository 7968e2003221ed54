import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Compose cannot run here (no Docker engine), but its file must stay valid for operators. */
describe('docker-compose.yml', () => {
  it('should be a valid compose file with the whole system in it', () => {
    const services = execFileSync('docker-compose', ['config', '--services'], { cwd: root, encoding: 'utf8' })
      .trim()
      .split('\n');
    for (const name of ['postgres', 'nats', 'redis', 'minio', 'gateway', 'users', 'points', 'donations', 'messaging']) {
      expect(services).toContain(name);
    }
  });
});
