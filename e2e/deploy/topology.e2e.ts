import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { natsPasswords, serviceEnv, SERVICES as STACK_SERVICES } from '../../deploy/local/stack.mjs';
import { BACKING_SERVICES, PROCESSES, type Dependency, type Process } from '../../deploy/topology.mjs';
import { composeCommand } from '../support/compose.js';
import { egressOf, renderKustomization, workloadsOf, type Container, type Resource } from '../support/kubernetes.js';

// deploy/topology.mjs declares the processes, their variables, ports and servers once (decision
// 0037); the local stack and the container test backend derive from it. docker-compose.yml and the
// Kubernetes manifests stay hand-written for operators: here they are checked against it, each
// failure naming the process and what differs. Rendered, not run (no container engine or cluster).

const root = fileURLToPath(new URL('../..', import.meta.url));
const SERVICES = PROCESSES.filter((process) => process.kind === 'service');
const names = (list: readonly { name: string }[]) => list.map((item) => item.name).sort();
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
/** The variables a process's deployment may set: a migration shares its service's (compose reuses the service's block). */
const allowedFor = (process: Process) => new Set([...Object.keys(process.env), ...(process.kind === 'migration' ? Object.keys(PROCESSES.find((p) => p.name === process.image)!.env) : [])]);
const requiredOf = (process: Process) => Object.entries(process.env).filter(([, variable]) => variable.required).map(([name]) => name);
/** host:port pairs in a value (`postgres://u:p@postgres:5432/hdiya` → postgres:5432). */
const addressesIn = (value: string) => [...value.matchAll(/(?:@|\/\/)([a-z][a-z0-9-]*):(\d+)/g)].map(([, host, port]) => ({ host: host!, port: Number(port) }));

describe('the topology declared in deploy/topology.mjs', () => {
  it('should name each dependency, process and start-order predecessor it uses', () => {
    const known = new Set(PROCESSES.map((process) => process.name));
    for (const process of PROCESSES) {
      expect({ process: process.name, unknownAfter: process.after.filter((name) => !known.has(name)) }).toEqual({ process: process.name, unknownAfter: [] });
      // Start order: every predecessor comes earlier in the list.
      const earlier = new Set(PROCESSES.slice(0, PROCESSES.indexOf(process)).map((p) => p.name));
      expect({ process: process.name, startedLater: process.after.filter((name) => !earlier.has(name)) }).toEqual({ process: process.name, startedLater: [] });
      expect({ process: process.name, unknownServers: process.dependsOn.filter((d) => !(d in BACKING_SERVICES)) }).toEqual({ process: process.name, unknownServers: [] });
    }
    expect(SERVICES.at(-1)!.name).toBe('gateway');
  });
});

describe('the local stack (npm start, npm test) against the topology', () => {
  it('should start the declared services and give each only the variables it declares', () => {
    expect([...STACK_SERVICES]).toEqual(SERVICES.map((process) => process.name));
    // Every option that sets a variable: what is left unset cannot be given to the wrong process.
    const options = {
      natsPasswords: natsPasswords(),
      smtpUrl: 'smtp://127.0.0.1:1025',
      logLevel: 'warn',
      logFormat: 'pretty',
      trustProxy: '1',
      cookieSecure: 'false',
      sessionSecret: 's'.repeat(32),
      mailLinkSecret: 'm'.repeat(32),
    };
    for (const process of SERVICES) {
      const given = Object.keys(serviceEnv(process.name, options));
      expect({ process: process.name, undeclared: given.filter((name) => !(name in process.env)) }).toEqual({ process: process.name, undeclared: [] });
    }
  });
});

describe('docker-compose.yml against the topology', () => {
  interface ComposeService {
    image?: string;
    build?: { args?: Record<string, string> };
    command?: string[] | string;
    environment?: Record<string, string>;
    depends_on?: Record<string, unknown> | string[];
    healthcheck?: { test?: string[] };
  }
  const config = parse(composeCommand(['config'])) as { services: Record<string, ComposeService> };
  const services = config.services;
  const dependsOn = (name: string) => {
    const value = services[name]?.depends_on ?? [];
    return Array.isArray(value) ? value : Object.keys(value);
  };
  /** Compose service → the server it is (minio-init prepares the s3 one). */
  const serverOf = new Map<string, Dependency>(
    Object.entries(BACKING_SERVICES).flatMap(([dependency, server]) => (server.compose ? [[server.compose, dependency as Dependency]] : [])),
  );
  serverOf.set('minio-init', 's3');
  const processNames = new Set(PROCESSES.map((process) => process.name));

  it('should run each declared process, and no other, from its image', () => {
    const built = Object.entries(services)
      .filter(([, service]) => service.image?.startsWith('hdiya/'))
      .map(([name]) => name);
    expect(sorted(built)).toEqual(names(PROCESSES));
    const dockerfileCommand = /^CMD (\[.*\])$/m.exec(readFileSync(`${root}/deploy/docker/Dockerfile`, 'utf8'))![1]!;
    for (const process of PROCESSES) {
      const service = services[process.name]!;
      expect({ process: process.name, image: service.image?.split(':')[0], built: service.build?.args?.SERVICE }).toEqual({
        process: process.name,
        image: `hdiya/${process.image}`,
        built: process.image,
      });
      expect({ process: process.name, command: service.command ?? JSON.parse(dockerfileCommand) }).toEqual({ process: process.name, command: process.command });
    }
  });

  it('should set every variable a process requires, and only variables it declares', () => {
    for (const process of PROCESSES) {
      const given = Object.keys(services[process.name]!.environment ?? {});
      const allowed = allowedFor(process);
      expect({ process: process.name, missing: requiredOf(process).filter((name) => !given.includes(name)) }).toEqual({ process: process.name, missing: [] });
      expect({ process: process.name, undeclared: given.filter((name) => !allowed.has(name)) }).toEqual({ process: process.name, undeclared: [] });
    }
  });

  it('should start each process after the servers it depends on and the processes it comes after', () => {
    for (const process of PROCESSES) {
      // Servers reached directly, or through a one-shot it waits for (its migration, minio-init), not through another service.
      const servers = new Set<string>();
      const visit = (name: string) => {
        for (const next of dependsOn(name)) {
          const server = serverOf.get(next);
          if (server) servers.add(server);
          if (next === 'minio-init' || (processNames.has(next) && PROCESSES.find((p) => p.name === next)!.kind === 'migration')) visit(next);
        }
      };
      visit(process.name);
      // smtp and push are outside compose (the `mail` catcher is optional: SMTP_URL chooses).
      const expected = process.dependsOn.filter((dependency) => BACKING_SERVICES[dependency].compose);
      expect({ process: process.name, servers: sorted(servers) }).toEqual({ process: process.name, servers: sorted(expected) });
      const after = dependsOn(process.name).filter((name) => processNames.has(name));
      expect({ process: process.name, after: sorted(after) }).toEqual({ process: process.name, after: sorted(process.after) });
    }
  });

  it('should run each server from the declared image and reach it on its declared port', () => {
    for (const [dependency, server] of Object.entries(BACKING_SERVICES)) {
      if (!server.compose) continue;
      expect({ server: dependency, image: services[server.compose]?.image }).toEqual({ server: dependency, image: server.image });
    }
    expect(services.mail?.image).toBe(BACKING_SERVICES.smtp.image);
    for (const process of PROCESSES) {
      const env = services[process.name]!.environment ?? {};
      const addresses = Object.values(env).flatMap(addressesIn).filter(({ host }) => serverOf.has(host));
      if (env.S3_ENDPOINT) addresses.push({ host: env.S3_ENDPOINT, port: Number(env.S3_PORT) });
      for (const { host, port } of addresses) {
        expect({ process: process.name, host, port }).toEqual({ process: process.name, host, port: BACKING_SERVICES[serverOf.get(host)!].ports[0] });
      }
    }
  });

  it('should serve the gateway on its declared HTTP port (health check and proxy included)', () => {
    for (const process of SERVICES) {
      const service = services[process.name]!;
      expect({ process: process.name, PORT: service.environment?.PORT }).toEqual({ process: process.name, PORT: process.ports.http?.toString() });
      if (process.ports.http) {
        expect(service.healthcheck?.test?.join(' ')).toContain(`127.0.0.1:${process.ports.http}/`);
        expect(readFileSync(`${root}/deploy/docker/proxy.conf`, 'utf8')).toContain(`http://${process.name}:${process.ports.http};`);
      }
    }
  });
});

describe('the Kubernetes manifests against the topology', () => {
  const resources = [...renderKustomization('deploy/k8s/overlays/production'), ...renderKustomization('deploy/k8s/migrations')];
  const workloads = workloadsOf(resources);
  const configMaps = new Map(resources.filter((r) => r.kind === 'ConfigMap').map((r) => [r.metadata.name, r.data ?? {}]));
  const workloadOf = (process: Process): Resource | undefined =>
    workloads.find((w) => w.kind === (process.kind === 'service' ? 'Deployment' : 'Job') && w.metadata.name === process.name);
  const containerOf = (process: Process): Container => workloadOf(process)!.spec!.template!.spec.containers[0]!;
  /** The variables a container gets from ConfigMaps (envFrom), by name. */
  const sharedEnv = (container: Container) =>
    Object.assign({}, ...(container.envFrom ?? []).map((source) => configMaps.get(source.configMapRef?.name ?? '') ?? {})) as Record<string, string>;

  it('should run each declared process, and no other, from its image', () => {
    expect(sorted(workloads.map((w) => w.metadata.name))).toEqual(names(PROCESSES));
    for (const process of PROCESSES) {
      const container = containerOf(process);
      expect({ process: process.name, image: /\/hdiya\/([a-z]+):/.exec(container.image)?.[1] }).toEqual({ process: process.name, image: process.image });
      if (process.kind === 'migration') expect({ process: process.name, command: container.command }).toEqual({ process: process.name, command: process.command });
    }
  });

  it('should give every process each variable it requires, only variables it declares, and its secrets from the Secret', () => {
    const declaredAnywhere = new Set(PROCESSES.flatMap((process) => Object.keys(process.env)));
    for (const process of PROCESSES) {
      const container = containerOf(process);
      const own = container.env ?? [];
      const shared = sharedEnv(container);
      const given = new Set([...own.map((variable) => variable.name), ...Object.keys(shared)]);
      expect({ process: process.name, missing: requiredOf(process).filter((name) => !given.has(name)) }).toEqual({ process: process.name, missing: [] });
      // The shared ConfigMap goes to every process: its keys need only be some process's.
      expect({ process: process.name, undeclared: own.map((v) => v.name).filter((name) => !(name in process.env)) }).toEqual({ process: process.name, undeclared: [] });
      expect({ process: process.name, sharedUndeclared: Object.keys(shared).filter((name) => !declaredAnywhere.has(name)) }).toEqual({ process: process.name, sharedUndeclared: [] });
      const secretsInPlainSight = own
        .filter((variable) => process.env[variable.name]?.secret && !variable.valueFrom?.secretKeyRef)
        .map((variable) => variable.name)
        .concat(Object.keys(shared).filter((name) => process.env[name]?.secret));
      expect({ process: process.name, secretsInPlainSight }).toEqual({ process: process.name, secretsInPlainSight: [] });
    }
  });

  it('should open the declared ports: HTTP, and metrics where METRICS_PORT says', () => {
    for (const process of SERVICES) {
      const container = containerOf(process);
      const ports = Object.fromEntries((container.ports ?? []).map((port) => [port.name, port.containerPort]));
      expect({ process: process.name, ports }).toEqual({ process: process.name, ports: process.ports });
      const env = { ...sharedEnv(container), ...Object.fromEntries((container.env ?? []).map((v) => [v.name, v.value])) };
      expect({ process: process.name, PORT: env.PORT, METRICS_PORT: env.METRICS_PORT }).toEqual({
        process: process.name,
        PORT: process.ports.http?.toString(),
        METRICS_PORT: process.ports.metrics?.toString(),
      });
    }
  });

  // Egress is denied by default: each process may reach DNS and the servers it depends on, no more.
  it('should let each process reach exactly the servers it depends on', () => {
    for (const process of PROCESSES) {
      const expected = [
        'dns:53',
        'dns:53/UDP',
        ...process.dependsOn.flatMap((dependency) => {
          const server = BACKING_SERVICES[dependency];
          return server.ports.map((port) => `${server.cluster ?? 'internet'}:${port}`);
        }),
      ].sort();
      const labels = workloadOf(process)!.spec!.template!.metadata!.labels!;
      expect({ process: process.name, egress: egressOf(resources, labels) }).toEqual({ process: process.name, egress: sorted(expected) });
    }
  });
});
