import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

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

  it('should let every Hdiya process be scaled (`--scale donations=3 --scale gateway=2`) behind one published proxy', () => {
    const config = parse(execFileSync('docker-compose', ['config'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...secrets } })) as {
      services: Record<string, { ports?: unknown[]; container_name?: string; environment?: Record<string, string> }>;
    };
    for (const name of ['gateway', 'users', 'points', 'donations', 'messaging']) {
      // A fixed host port or container name would stop a second replica from starting.
      expect({ name, ports: config.services[name]!.ports ?? [], containerName: config.services[name]!.container_name }).toEqual({ name, ports: [], containerName: undefined });
    }
    expect(config.services.proxy!.ports).toHaveLength(1);
    expect(config.services.gateway!.environment!.TRUST_PROXY).toBe('1');
    const proxy = readFileSync(`${root}/deploy/docker/proxy.conf`, 'utf8');
    // Re-resolved through Docker's DNS (replicas come and go), WebSocket upgrades passed on.
    expect(proxy).toContain('resolver 127.0.0.11');
    expect(proxy).toMatch(/set \$gateway http:\/\/gateway:3000;\s+proxy_pass \$gateway;/);
    expect(proxy).toContain('proxy_set_header Upgrade $http_upgrade;');
  });
});
