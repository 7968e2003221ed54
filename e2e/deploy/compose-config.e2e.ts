import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { composeCommand, composeSecrets } from '../support/compose.js';

const root = fileURLToPath(new URL('../..', import.meta.url));


/** Compose cannot run here (no Docker engine), but its file must stay valid for operators. */
describe('docker-compose.yml', () => {
  it('should be a valid compose file with the whole system in it', () => {
    const services = composeCommand(['config', '--services'])
      .trim()
      .split('\n');
    for (const name of ['postgres', 'nats', 'redis', 'minio', 'gateway', 'users', 'points', 'donations', 'messaging', 'mail']) {
      expect(services).toContain(name);
    }
  });

  it('should send the mails of users and messaging to the mail catcher unless SMTP_URL is set', () => {
    const config = (env: Record<string, string>) =>
      parse(composeCommand(['config'], { ...process.env, ...composeSecrets, ...env })) as {
        services: Record<string, { environment?: Record<string, string>; image?: string }>;
      };
    const local = config({});
    expect(local.services.mail!.image).toMatch(/^maildev\/maildev:/);
    for (const name of ['users', 'messaging']) expect(local.services[name]!.environment!.SMTP_URL).toBe('smtp://mail:1025');
    expect(local.services.gateway!.environment!.SMTP_URL).toBeUndefined();
    const relay = config({ SMTP_URL: 'smtp://u:p@smtp.example.ma:587' });
    expect(relay.services.users!.environment!.SMTP_URL).toBe('smtp://u:p@smtp.example.ma:587');
  });

  it('should refuse to start without the secrets it has no default for', () => {
    const run = () => composeCommand(['config', '--quiet'], { PATH: process.env.PATH });
    expect(run).toThrow(/SESSION_SECRET|REDIS_PASSWORD|NATS_PASSWORD/);
  });

  // Review finding (round two): every process got MinIO's root key, with a default password.
  it.each(['MINIO_ROOT_PASSWORD', 'S3_SECRET_KEY'])('should refuse to start without %s (no default object-storage password)', (name) => {
    const env = { PATH: process.env.PATH, ...composeSecrets, [name]: '' };
    const run = () => composeCommand(['config', '--quiet'], env);
    expect(run).toThrow(new RegExp(name));
  });

  it('should give an S3 key to the gateway only: its own MinIO user, allowed the image bucket only', () => {
    const config = parse(composeCommand(['config'])) as {
      services: Record<string, { environment?: Record<string, string>; volumes?: (string | { source: string; target: string })[]; entrypoint?: string[] }>;
    };
    const withS3Key = Object.entries(config.services)
      .filter(([, service]) => Object.keys(service.environment ?? {}).some((variable) => /^S3_(ACCESS|SECRET)_KEY$/.test(variable)))
      .map(([name]) => name);
    // minio-init creates the gateway's user, so it knows the key it sets.
    expect(withS3Key.sort()).toEqual(['gateway', 'minio-init']);
    const gateway = config.services.gateway!.environment!;
    expect(gateway.S3_SECRET_KEY).toBe('test-s3_secret_key');
    expect(gateway.S3_ACCESS_KEY).not.toBe(config.services.minio!.environment!.MINIO_ROOT_USER);
    const withRootPassword = Object.entries(config.services)
      .filter(([, service]) => Object.values(service.environment ?? {}).includes('test-minio_root_password'))
      .map(([name]) => name);
    expect(withRootPassword.sort()).toEqual(['minio', 'minio-init']);

    const init = config.services['minio-init']!;
    // docker-compose 1.x renders a bind mount as `source:target[:mode]`, compose 2 as an object.
    const mounts = init.volumes!.map((volume) => (typeof volume === 'string' ? volume.split(':') : [volume.source, volume.target]));
    const script = mounts.find(([, target]) => init.entrypoint!.includes(target!))!;
    const text = readFileSync(script[0]!, 'utf8');
    expect(text).toContain('mc admin user add local "$S3_ACCESS_KEY" "$S3_SECRET_KEY"');
    expect(text).toContain('mc admin policy attach local hdiya-gateway --user "$S3_ACCESS_KEY"');
    // The policy names the bucket and its objects, nothing else.
    const resources = [...text.matchAll(/"arn:aws:s3:::([^"]*)"/g)].map((match) => match[1]);
    expect(resources.sort()).toEqual(['$S3_BUCKET', '$S3_BUCKET/*']);
  });

  it('should give every process its own NATS user and the gateway a Redis password', () => {
    const config = composeCommand(['config']);
    for (const name of ['gateway', 'users', 'points', 'donations', 'messaging']) {
      expect(config).toContain(`NATS_USER: ${name}`);
      expect(config).toContain(`NATS_PASSWORD: test-nats_password_${name}`);
    }
    expect(config).toContain('REDIS_URL: redis://:test-redis_password@redis:6379');
    expect(config).toContain('/etc/nats/nats-server.conf');
  });

  // Issue 48 (decision 0068): the runbook's nats commands sign in as the operator.
  it("should give NATS the operator's password, required, and no process", () => {
    const config = parse(composeCommand(['config'])) as { services: Record<string, { environment?: Record<string, string> }> };
    const withIt = Object.entries(config.services)
      .filter(([, service]) => Object.values(service.environment ?? {}).includes('test-nats_password_operator'))
      .map(([name]) => name);
    expect(withIt).toEqual(['nats']);
    expect(config.services.nats!.environment!.NATS_PASSWORD_OPERATOR).toBe('test-nats_password_operator');
    const run = () => composeCommand(['config', '--quiet'], { PATH: process.env.PATH, ...composeSecrets, NATS_PASSWORD_OPERATOR: '' });
    expect(run).toThrow(/NATS_PASSWORD_OPERATOR/);
  });

  it('should let every Hdiya process be scaled (`--scale donations=3 --scale gateway=2`) behind one published proxy', () => {
    const config = parse(composeCommand(['config'])) as {
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
