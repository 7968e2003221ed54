import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { peerName, renderKustomization as render, selects, workloadsOf } from '../support/kubernetes.js';

// The Kubernetes manifests as `kubectl apply -k deploy/k8s/overlays/production` (and the
// migrations' `-k deploy/k8s/migrations`) would send them: rendered, not applied (no cluster here).
// Which process reaches which server, and the variables each is given: topology.e2e.ts.

const root = fileURLToPath(new URL('../..', import.meta.url));
const resources = render('deploy/k8s/overlays/production');
const migrations = render('deploy/k8s/migrations');
const PROCESSES = ['gateway', 'users', 'points', 'donations', 'messaging'];
const named = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);
/** Every pod template the two renders hold: the Deployments and the migration Jobs. */
const workloads = workloadsOf([...resources, ...migrations]);

describe('Kubernetes manifests', () => {
  it('should give every process its own NATS user, with its password from the Secret', () => {
    for (const name of ['gateway', 'users', 'points', 'donations', 'messaging']) {
      const env = named('Deployment', name)!.spec!.template!.spec.containers[0]!.env!;
      expect(env.find((e) => e.name === 'NATS_USER')?.value).toBe(name);
      expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef?.key).toBe(`NATS_PASSWORD_${name.toUpperCase()}`);
    }
    const gatewayEnv = named('Deployment', 'gateway')!.spec!.template!.spec.containers[0]!.env!;
    expect(gatewayEnv.find((e) => e.name === 'REDIS_URL')?.valueFrom?.secretKeyRef?.key).toBe('REDIS_URL');
    // The services that send mail take their SMTP relay (and its account) from the Secret.
    for (const name of ['users', 'messaging']) {
      const env = named('Deployment', name)!.spec!.template!.spec.containers[0]!.env ?? [];
      expect({ name, key: env.find((e) => e.name === 'SMTP_URL')?.valueFrom?.secretKeyRef?.key }).toEqual({ name, key: 'SMTP_URL' });
    }
  });

  it('should ship the NATS permissions as a ConfigMap, the same file every deployment uses', () => {
    expect(named('ConfigMap', 'hdiya-nats-config')?.data?.['nats-server.conf']).toBe(readFileSync(`${root}/deploy/nats/nats-server.conf`, 'utf8'));
  });

  // Issue 48: the runbook's nats commands had no user allowed to run them (decision 0068).
  it("should keep every password the NATS configuration reads in the Secret, and the operator's in no pod", () => {
    const conf = readFileSync(`${root}/deploy/nats/nats-server.conf`, 'utf8');
    const read = [...conf.matchAll(/password: \$(NATS_PASSWORD_\w+)/g)].map(([, name]) => name!).sort();
    expect(read).toEqual([...PROCESSES.map((name) => `NATS_PASSWORD_${name.toUpperCase()}`), 'NATS_PASSWORD_OPERATOR'].sort());
    const example = parseAllDocuments(readFileSync(`${root}/deploy/k8s/secret.example.yaml`, 'utf8'))[0]!.toJS() as { stringData: Record<string, string> };
    expect(read.filter((name) => !(name in example.stringData))).toEqual([]);
    // A person's nats CLI signs in as the operator; no process does.
    const withOperatorPassword = workloads
      .filter((w) => w.spec!.template!.spec.containers.some((c) => (c.env ?? []).some((e) => e.valueFrom?.secretKeyRef?.key === 'NATS_PASSWORD_OPERATOR')))
      .map((w) => w.metadata.name);
    expect(withOperatorPassword).toEqual([]);
  });

  it('should let the NATS operator inspect and edit the streams and read the dead letters, never write events or drop a stream', () => {
    const conf = readFileSync(`${root}/deploy/nats/nats-server.conf`, 'utf8');
    const block = conf.slice(conf.indexOf('user: operator'));
    const list = (kind: 'allow' | 'deny', within: string) => {
      const found = new RegExp(`${kind}: \\[([^\\]]*)\\]`).exec(within);
      return [...(found?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(([, subject]) => subject!);
    };
    const publish = block.slice(block.indexOf('publish:'), block.indexOf('subscribe:'));
    const allowed = list('allow', publish);
    expect(allowed).toEqual(
      expect.arrayContaining([
        '$JS.API.STREAM.INFO.EVENTS',
        '$JS.API.STREAM.INFO.DEAD_LETTERS',
        '$JS.API.STREAM.UPDATE.EVENTS',
        '$JS.API.CONSUMER.LIST.EVENTS',
        '$JS.API.CONSUMER.DELETE.EVENTS.*',
        '$JS.API.STREAM.MSG.GET.DEAD_LETTERS',
        '$JS.API.CONSUMER.CREATE.DEAD_LETTERS.>',
      ]),
    );
    // EVENTS holds the members' private messages: no message of it is readable, no consumer created on it.
    expect(allowed.filter((subject) => /(MSG\.GET|DIRECT\.GET|CREATE|MSG\.NEXT|ACK)\.EVENTS\b/.test(subject))).toEqual([]);
    expect(allowed.filter((subject) => /^(events|deadletter)\.|STREAM\.(DELETE|PURGE|CREATE)/.test(subject))).toEqual([]);
    expect(list('deny', publish)).toEqual(expect.arrayContaining(['events.>', 'deadletter.>', '$JS.API.STREAM.DELETE.>', '$JS.API.STREAM.PURGE.>']));
    expect(list('allow', block.slice(block.indexOf('subscribe:')))).toEqual(['_INBOX.>']);
  });

  it('should deny ingress by default and open only what each part needs', () => {
    const policies = resources.filter((r) => r.kind === 'NetworkPolicy').map((r) => r.metadata.name);
    expect(policies).toEqual(
      expect.arrayContaining([
        'default-deny-ingress',
        'gateway-from-anywhere',
        'nats-from-hdiya-pods',
        'metrics-from-prometheus',
        'nats-cluster-routes',
      ]),
    );
  });

  it('should leave the namespace’s other workloads (CloudNativePG, Redis HA, exporters) to their own policies', () => {
    const policies = resources.filter((r) => r.kind === 'NetworkPolicy');
    const selecting = (labels: Record<string, string>) => policies.filter((p) => selects(p.spec!.podSelector!, labels)).map((p) => p.metadata.name);
    // A CloudNativePG instance and a Redis pod that Hdiya reaches: no policy of Hdiya's isolates them.
    expect(selecting({ 'cnpg.io/cluster': 'hdiya-db', 'app.kubernetes.io/name': 'postgresql', 'hdiya.io/serves': 'postgres' })).toEqual([]);
    expect(selecting({ 'app.kubernetes.io/name': 'redis', 'hdiya.io/serves': 'redis' })).toEqual([]);
    // The Pooler of components/pgbouncer is opened to the data services only.
    expect(selecting({ 'cnpg.io/poolerName': 'hdiya-db-pooler', 'hdiya.io/serves': 'postgres' })).toEqual(['pooler-from-data-services']);
  });

  it('should put PgBouncer in session mode in front of Postgres in production', () => {
    const pooler = resources.find((r) => r.kind === 'Pooler') as unknown as { spec: { cluster: { name: string }; type: string; pgbouncer: { poolMode: string }; template: { metadata: { labels: Record<string, string> } } } };
    expect(pooler.spec).toMatchObject({ cluster: { name: 'hdiya-db' }, type: 'rw', pgbouncer: { poolMode: 'session' } });
    // Reached by the services' egress (services-egress → postgres:5432).
    expect(pooler.spec.template.metadata.labels['hdiya.io/serves']).toBe('postgres');
  });

  it('should render the samples for CloudNativePG and Redis as valid manifests', () => {
    for (const sample of ['cloudnative-pg.yaml', 'redis-sentinel.yaml']) {
      const documents = parseAllDocuments(readFileSync(`${root}/deploy/k8s/samples/${sample}`, 'utf8')).map((d) => d.toJS() as { kind: string });
      expect({ sample, kinds: documents.map((d) => d.kind).length > 0, errors: documents.filter((d) => !d?.kind).length }).toEqual({ sample, kinds: true, errors: 0 });
    }
  });

  // Review finding (round two): the donations Deployment carried an S3 key it never uses.
  it('should give an S3 key to the gateway only', () => {
    const withS3Key = workloads
      .filter((w) => w.spec!.template!.spec.containers.some((c) => (c.env ?? []).some((e) => /^S3_(ACCESS|SECRET)_KEY$/.test(e.valueFrom?.secretKeyRef?.key ?? e.name))))
      .map((w) => w.metadata.name);
    expect(withS3Key).toEqual(['gateway']);
  });

  it('should mount no service-account token in any pod (none of them calls the Kubernetes API)', () => {
    const withToken = workloads.filter((w) => w.spec!.template!.spec.automountServiceAccountToken !== false).map((w) => w.metadata.name);
    expect(withToken).toEqual([]);
    expect(workloads.length).toBe(9);
  });

  it('should let only Prometheus in the monitoring namespace reach the metrics port', () => {
    const peers = named('NetworkPolicy', 'metrics-from-prometheus')!.spec!.ingress!.flatMap((rule) => rule.from ?? []);
    expect(peers.map(peerName)).toEqual(['monitoring/prometheus']);
  });

  it('should scale every Deployment with an autoscaler (2 replicas at least) and keep one through disruptions', () => {
    for (const name of PROCESSES) {
      const hpa = resources.find((r) => r.kind === 'HorizontalPodAutoscaler' && r.spec?.scaleTargetRef?.name === name);
      expect({ name, minReplicas: hpa?.spec?.minReplicas }).toEqual({ name, minReplicas: 2 });
      const pdb = resources.find((r) => r.kind === 'PodDisruptionBudget' && r.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] === name);
      expect({ name, pdb: Boolean(pdb) }).toEqual({ name, pdb: true });
    }
  });

  it('should probe every process: readiness and liveness, services on their metrics port', () => {
    for (const name of PROCESSES) {
      const deployment = named('Deployment', name)!;
      const container = deployment.spec!.template!.spec.containers[0]!;
      expect({ name, readiness: Boolean(container.readinessProbe), liveness: Boolean(container.livenessProbe) }).toEqual({ name, readiness: true, liveness: true });
      expect(container.ports?.find((p) => p.name === 'metrics')?.containerPort).toBe(9464);
      if (name !== 'gateway') expect(container.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'metrics' });
      // Room for the 10-second graceful stop.
      expect(deployment.spec!.template!.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15);
      expect(container.image).toMatch(/^registry\.example\.com\/hdiya\//);
    }
  });

  it('should take a gateway out of the load balancer on its own readiness only, and drain it before it stops', () => {
    const pod = named('Deployment', 'gateway')!.spec!.template!.spec;
    const container = pod.containers[0]!;
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/api/ready', port: 'http' });
    expect(container.startupProbe?.httpGet).toEqual({ path: '/api/ready', port: 'http' });
    const preStopSeconds = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(preStopSeconds).toBeGreaterThanOrEqual(3);
    const drainMs = Number(container.env?.find((e) => e.name === 'GATEWAY_DRAIN_MS')?.value ?? 0);
    expect(drainMs).toBeGreaterThanOrEqual(5000);
    const spreadMs = Number(container.env?.find((e) => e.name === 'SOCKET_CLOSE_SPREAD_MS')?.value ?? 0);
    expect(spreadMs).toBeGreaterThan(0);
    // preStop, the drain, the sockets' spread and the 10 s graceful stop fit in the grace period.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStopSeconds + (drainMs + spreadMs) / 1000 + 10);
  });

  it('should spread every Deployment’s replicas over hosts, counting only its own pods', () => {
    for (const name of PROCESSES) {
      const pod = named('Deployment', name)!.spec!.template! as unknown as {
        metadata: { labels: Record<string, string> };
        spec: { topologySpreadConstraints?: { topologyKey: string; maxSkew: number; labelSelector: { matchLabels: Record<string, string> } }[] };
      };
      const byHost = pod.spec.topologySpreadConstraints?.find((c) => c.topologyKey === 'kubernetes.io/hostname');
      expect({ name, maxSkew: byHost?.maxSkew }).toEqual({ name, maxSkew: 1 });
      for (const [key, value] of Object.entries(byHost!.labelSelector.matchLabels)) expect(pod.metadata.labels[key]).toBe(value);
    }
  });

  it('should let the ingress take the largest body the gateway takes', () => {
    const ingress = resources.find((r) => r.kind === 'Ingress')!;
    const annotations = (ingress.metadata as { annotations?: Record<string, string> }).annotations ?? {};
    // The gateway's default DONATION_BODY_LIMIT (services/gateway/src/config.ts), 7mb.
    expect(annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('7m');
  });

  it('should build images from the lockfile exactly, on a supported Node LTS, running as a non-root user', () => {
    const dockerfile = readFileSync(`${root}/deploy/docker/Dockerfile`, 'utf8');
    const installs = [...dockerfile.matchAll(/^RUN (npm \S+)/gm)].map((m) => m[1]);
    expect(installs).toEqual(['npm ci', 'npm ci']);
    const node = Number(/^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile)?.[1]);
    // Even majors are the LTS lines; 20 left maintenance in April 2026.
    expect({ node, lts: node % 2 === 0 && node >= 22 }).toEqual({ node, lts: true });
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('should run each data service’s migrations as a Job with that service’s own database role', () => {
    for (const name of ['users', 'points', 'donations', 'messaging']) {
      const job = migrations.find((r) => r.kind === 'Job' && r.metadata.name.includes(name));
      const env = job?.spec?.template?.spec.containers[0]?.env ?? [];
      expect({ name, key: env.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.key }).toEqual({ name, key: `${name.toUpperCase()}_DATABASE_URL` });
    }
  });
});
