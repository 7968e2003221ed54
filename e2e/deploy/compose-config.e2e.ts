import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const secrets = Object.fromEntries(
  ['SESSION_SECRET', 'REDIS_PASSWORD', 'NATS_PASSWORD_GATEWAY', 'NATS_PASSWORD_USERS', 'NATS_PASSWORD_POINTS', 'NATS_PASSWORD_DONATIONS', 'NATS_PASSWORD_MESSAGING'].map(
    (name) => [name, `test-${name.toLowerCase()}`],
  ),
);

/** Compose cannot run here (no Docker engine), but its file must stay valid for operators. */
describe('docker-compose.yml', () => {
  it('should be a valid compose file with the whole system in it', () => {
    const services = execFileSync('docker-compose', ['config', '--services'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...secrets } })
      .trim()
      .split('\n');
    for (const name of ['postgres', 'nats', 'redis', 'minio', 'gateway', 'users', 'points', 'donations', 'messaging']) {
      expect(services).toContain(name);
    }
  });

  it('should refuse to start without the secrets it has no default for', () => {
    const run = () => execFileSync('docker-compose', ['config', '--quiet'], { cwd: root, encoding: 'utf8', stdio: 'pipe', env: { PATH: process.env.PATH } });
    expect(run).toThrow(/SESSION_SECRET|REDIS_PASSWORD|NATS_PASSWORD/);
  });

  it('should give every process its own NATS user and the gateway a Redis password', () => {
    const config = execFileSync('docker-compose', ['config'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...secrets } });
    for (const name of ['gateway', 'users', 'points', 'donations', 'messaging']) {
      expect(config).toContain(`NATS_USER: ${name}`);
      expect(config).toContain(`NATS_PASSWORD: test-nats_password_${name}`);
    }
    expect(config).toContain('REDIS_URL: redis://:test-redis_password@redis:6379');
    expect(config).toContain('/etc/nats/hdiya.conf');
  });
});
