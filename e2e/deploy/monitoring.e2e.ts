import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { renderKustomization as render, selects, workloadsOf, type Selector } from '../support/kubernetes.js';

// deploy/k8s/monitoring (PodMonitors, the PrometheusRule, the Grafana dashboard) and the NATS
// values that feed it: rendered as `kubectl apply -k` would send them, the alerts unit-tested with
// promtool (Debian's `prometheus` package; no Prometheus server runs), and every Hdiya metric they
// read checked against the metrics the code registers, so a renamed metric fails here.

const root = fileURLToPath(new URL('../..', import.meta.url));
const monitoring = render('deploy/k8s/monitoring');
const application = render('deploy/k8s/overlays/production');
const migrations = render('deploy/k8s/migrations');
const rule = monitoring.find((r) => r.kind === 'PrometheusRule') as unknown as { spec: { groups: { rules: { alert: string; expr: string }[] }[] } };
const dashboard = JSON.parse(monitoring.find((r) => r.kind === 'ConfigMap' && r.metadata.name === 'hdiya-dashboard')!.data!['hdiya-dashboard.json']!) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** Every `.ts` file under the projects' sources (not their builds or tests). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (['node_modules', 'dist', 'test'].includes(name)) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [file] : [];
  });
}

/** The metric names the processes register: literal names passed to prom-client or our helpers. */
function registeredMetrics(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sources(path.join(root, 'libs')), ...sources(path.join(root, 'services'))]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"](hdiya_[a-z_]+)['"]/g)) names.add(match[1]!);
  }
  // Histograms' series.
  for (const name of [...names]) for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
  return names;
}

const hdiyaMetricsIn = (expr: string) => [...expr.matchAll(/\b(hdiya_[a-z_]+)/g)].map((m) => m[1]!);

describe('monitoring', () => {
  it('should scrape every Hdiya process on its metrics port, and no migration Job', () => {
    const podMonitor = monitoring.find((r) => r.kind === 'PodMonitor' && r.metadata.name === 'hdiya-processes') as unknown as {
      spec: { selector: Selector; podMetricsEndpoints: { port: string; path: string }[] };
    };
    expect(podMonitor.spec.podMetricsEndpoints.map((e) => `${e.port} ${e.path}`)).toEqual(['metrics /metrics']);
    const scraped = workloadsOf([...application, ...migrations])
      .filter((w) => selects(podMonitor.spec.selector, w.spec!.template!.metadata!.labels!))
      .map((w) => ({ name: w.metadata.name, ports: w.spec!.template!.spec.containers.flatMap((c) => (c.ports ?? []).map((p) => p.name)) }));
    expect(scraped.map((w) => w.name).sort()).toEqual(['donations', 'gateway', 'messaging', 'points', 'users']);
    for (const workload of scraped) expect({ ...workload, hasMetricsPort: workload.ports.includes('metrics') }).toMatchObject({ hasMetricsPort: true });
  });

  it('should alert on outbox lag, dead letters, failed mails, push backlog, consumers pending and replicas behind', () => {
    const alerts = rule.spec.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(alerts).toEqual(
      expect.arrayContaining(['HdiyaOutboxLagging', 'HdiyaEventsDeadLettered', 'HdiyaMailsFailed', 'HdiyaPushBacklog', 'HdiyaConsumerPending', 'HdiyaReplicasBehind', 'HdiyaNatsServersBehind']),
    );
  });

  it('should read only metrics the processes really export, in alerts and dashboard alike', () => {
    const known = registeredMetrics();
    const used = [...rule.spec.groups.flatMap((g) => g.rules.map((r) => r.expr)), ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))].flatMap(hdiyaMetricsIn);
    expect(used.length).toBeGreaterThan(10);
    expect([...new Set(used.filter((name) => !known.has(name)))]).toEqual([]);
  });

  it('should pass promtool’s check and the alerts’ unit tests (deploy/k8s/monitoring → e2e/deploy/alert-rules.promtool.yaml)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-alerts-'));
    try {
      writeFileSync(path.join(dir, 'alert-rules.yaml'), stringify(rule.spec));
      copyFileSync(path.join(root, 'e2e/deploy/alert-rules.promtool.yaml'), path.join(dir, 'tests.yaml'));
      const run = (...args: string[]) => execFileSync('promtool', args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
      expect(run('check', 'rules', 'alert-rules.yaml')).toContain('SUCCESS');
      expect(run('test', 'rules', 'tests.yaml')).toContain('SUCCESS');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should run NATS with guaranteed resources, a Go memory limit, lame-duck stops and its exporter', () => {
    const values = parse(readFileSync(path.join(root, 'deploy/k8s/nats-values.yaml'), 'utf8')) as {
      config: { merge: Record<string, string> };
      container: { env: Record<string, unknown>; merge: { resources: { requests: Record<string, string>; limits: Record<string, string> } }; patch?: { path: string }[] };
      promExporter: { enabled: boolean; podMonitor: { enabled: boolean } };
      podTemplate: { merge: { spec: { terminationGracePeriodSeconds: number } } };
    };
    const { requests, limits } = values.container.merge.resources;
    expect(requests).toEqual(limits);
    expect(values.container.env.GOMEMLIMIT).toMatch(/^\d+MiB$/);
    const limitMiB = Number(limits.memory!.replace('Gi', '')) * 1024;
    expect(Number(String(values.container.env.GOMEMLIMIT).replace('MiB', ''))).toBeLessThan(limitMiB);
    // The chart's own preStop (nats-server -sl=ldm) is kept: nothing replaces the container's lifecycle.
    expect(JSON.stringify(values.container)).not.toContain('lifecycle');
    const lameDuckSeconds = parseInt(values.config.merge.lame_duck_duration!, 10) + parseInt(values.config.merge.lame_duck_grace_period!, 10);
    expect(lameDuckSeconds).toBeLessThan(values.podTemplate.merge.spec.terminationGracePeriodSeconds);
    expect([values.promExporter.enabled, values.promExporter.podMonitor.enabled]).toEqual([true, true]);
    const exporterPolicy = application.find((r) => r.kind === 'NetworkPolicy' && r.metadata.name === 'nats-exporter-from-prometheus')!;
    expect(exporterPolicy.spec!.ingress!.flatMap((r) => r.ports ?? []).map((p) => p.port)).toEqual([7777]);
  });
});
