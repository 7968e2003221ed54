import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

// The Kubernetes manifests as `kubectl apply -k deploy/k8s` would send them (rendered, not
// applied: no cluster here).

const root = fileURLToPath(new URL('../..', import.meta.url));
interface Resource {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: { template?: { spec: { containers: { env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { key: string } } }[] }[] } } };
}
const resources = parseAllDocuments(execFileSync('kubectl', ['kustomize', 'deploy/k8s'], { cwd: root, encoding: 'utf8' })).map(
  (doc) => doc.toJS() as Resource,
);
const named = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);

describe('Kubernetes manifests', () => {
  it('should give every process its own NATS user, with its password from the Secret', () => {
    for (const name of ['gateway', 'users', 'points', 'donations', 'messaging']) {
      const env = named('Deployment', name)!.spec!.template!.spec.containers[0]!.env!;
      expect(env.find((e) => e.name === 'NATS_USER')?.value).toBe(name);
      expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef?.key).toBe(`NATS_PASSWORD_${name.toUpperCase()}`);
    }
    const gatewayEnv = named('Deployment', 'gateway')!.spec!.template!.spec.containers[0]!.env!;
    expect(gatewayEnv.find((e) => e.name === 'REDIS_URL')?.valueFrom?.secretKeyRef?.key).toBe('REDIS_URL');
  });

  it('should ship the NATS permissions as a ConfigMap, the same file every deployment uses', () => {
    expect(named('ConfigMap', 'hdiya-nats-config')?.data?.['nats-server.conf']).toBe(readFileSync(`${root}/deploy/nats/nats-server.conf`, 'utf8'));
  });

  it('should deny ingress by default and open only what each part needs', () => {
    const policies = resources.filter((r) => r.kind === 'NetworkPolicy').map((r) => r.metadata.name);
    expect(policies).toEqual(
      expect.arrayContaining(['default-deny-ingress', 'gateway-from-anywhere', 'nats-from-hdiya-pods', 'redis-from-gateway', 'postgres-from-data-services', 'minio-from-gateway']),
    );
  });
});
