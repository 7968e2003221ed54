import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { composeCommand } from '../support/compose.js';

// Review finding (round two): JetStream syncs to disk every two minutes by default, and the outbox
// forgets an event once JetStream acknowledges it, so a power cut could lose a ReceptionConfirmed
// and the donor's reward. docs/event-durability.md says which guarantee holds where; these are the
// shipped settings it relies on (rendered, not run: no container engine or cluster here).

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** `2.12-alpine` → [2, 12]. */
function version(tag: string): [number, number] {
  const [, major, minor] = /^(\d+)\.(\d+)/.exec(tag) ?? [];
  return [Number(major), Number(minor)];
}
/** sync_interval came with NATS 2.10. */
const knowsSyncInterval = (tag: string) => {
  const [major, minor] = version(tag);
  return major > 2 || (major === 2 && minor >= 10);
};

describe('event durability: production NATS (Helm values beside the Kubernetes manifests)', () => {
  const values = parse(read('deploy/k8s/nats-values.yaml')) as {
    config: {
      cluster: { enabled: boolean; replicas: number };
      jetstream: { enabled: boolean; fileStore: { enabled: boolean; pvc: { enabled: boolean } }; merge: Record<string, unknown> };
      merge: Record<string, string>;
    };
    container: { image: { repository: string; tag: string }; env: Record<string, { valueFrom: { secretKeyRef: { name: string; key: string } } }> };
  };

  it('should run three servers with JetStream on persistent volumes, syncing every write before acknowledging it', () => {
    expect(values.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(values.config.jetstream).toMatchObject({ enabled: true, fileStore: { enabled: true, pvc: { enabled: true } } });
    expect(values.config.jetstream.merge.sync_interval).toBe('always');
    expect(values.container.image.repository).toBe('nats');
    expect(knowsSyncInterval(values.container.image.tag)).toBe(true);
  });

  it('should load the product’s users and permissions, with the passwords of the Secret', () => {
    expect(values.config.merge['00$include']).toBe('../hdiya-nats/nats-server.conf');
    // The operator's too (decision 0068): the servers refuse to start without it.
    for (const name of ['GATEWAY', 'USERS', 'POINTS', 'DONATIONS', 'MESSAGING', 'OPERATOR']) {
      expect(values.container.env[`NATS_PASSWORD_${name}`]?.valueFrom.secretKeyRef).toEqual({ name: 'hdiya-secrets', key: `NATS_PASSWORD_${name}` });
    }
  });

  it('should make the services create the events stream with one replica per server', () => {
    const resources = parseAllDocuments(execFileSync('kubectl', ['kustomize', 'deploy/k8s/overlays/production'], { cwd: root, encoding: 'utf8' })).map(
      (doc) => doc.toJS() as { kind: string; metadata: { name: string }; data?: Record<string, string> },
    );
    const config = resources.find((r) => r.kind === 'ConfigMap' && r.metadata.name === 'hdiya-config')!;
    expect(Number(config.data!.EVENTS_STREAM_REPLICAS)).toBe(values.config.cluster.replicas);
  });
});

describe('event durability: docker compose (one NATS server)', () => {

  const compose = parse(composeCommand(['config'])) as {
    services: Record<string, { image: string; command?: string[]; volumes?: (string | { source: string; target: string })[]; environment?: Record<string, string> }>;
  };

  it('should sync JetStream before each acknowledgement, on a NATS that knows how (2.10 or later)', () => {
    const nats = compose.services.nats!;
    expect(nats.image).toMatch(/^nats:/);
    expect(knowsSyncInterval(nats.image.slice('nats:'.length))).toBe(true);
    // docker-compose 1.x renders a bind mount as `source:target[:mode]`, compose 2 as an object.
    const mounts = new Map(
      (nats.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume.split(':') : [volume.source, volume.target])).map(([source, target]) => [target!, source!]),
    );
    const configFile = nats.command![nats.command!.indexOf('-c') + 1]!;
    const config = readFileSync(mounts.get(configFile)!, 'utf8');
    expect(config).toMatch(/^\s*sync_interval: always$/m);
    expect(config).toMatch(/^\s*store_dir: \/data$/m);
    // It adds to the product's permissions, mounted beside it under the name it includes.
    const included = /^include (\S+)$/m.exec(config)![1]!;
    expect(mounts.get(configFile.replace(/[^/]+$/, included))).toBe(join(root, 'deploy/nats/nats-server.conf'));
  });

  it('should keep one replica of each event (one server)', () => {
    for (const name of ['users', 'points', 'donations', 'messaging']) {
      expect({ name, replicas: compose.services[name]!.environment!.EVENTS_STREAM_REPLICAS }).toEqual({ name, replicas: '1' });
    }
  });
});

describe('event durability: the document', () => {
  it('should say which guarantee holds where, naming the settings checked above', () => {
    const doc = read('docs/event-durability.md');
    for (const term of ['sync_interval: always', 'EVENTS_STREAM_REPLICAS', 'deploy/k8s/nats-values.yaml', 'deploy/nats/durable-jetstream.conf', 'npm start']) {
      expect(doc).toContain(term);
    }
  });
});
