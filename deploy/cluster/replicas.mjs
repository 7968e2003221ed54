// @ts-check
// The cluster test's processes: two replicas of the gateway and of every service, spread over the
// three hosts as topology spread would (two replicas of one Deployment never on one host), run by
// deploy/local/stack.mjs's Supervisor under `ip netns exec` with serviceEnv()'s variables.
// Every replica of a service listens on the same ports, each on its own host (decision 0069).
import path from 'node:path';
import { ROOT, serviceEnv, SERVICES, Supervisor, waitForHttp } from '../local/stack.mjs';
import { hostAddress, onHost } from './hosts.mjs';

/** Which hosts (0-based) run the two replicas of each process. */
export const PLACEMENT = Object.freeze({
  users: [0, 1],
  points: [1, 2],
  donations: [2, 0],
  messaging: [0, 1],
  gateway: [1, 2],
});
export const GATEWAY_PORT = 3000;
/** Prometheus metrics and, for the services, readiness (/ready): one port per process. */
const METRICS_PORTS = Object.freeze({ users: 9401, points: 9402, donations: 9403, messaging: 9404, gateway: 9405 });

/**
 * @typedef {object} Replica
 * @property {string} name  e.g. 'users-2'
 * @property {string} service
 * @property {number} host  0-based
 * @property {string} readyUrl  answers 200 once the replica takes work
 */

/**
 * Every replica, in start order (the gateways last).
 * @type {readonly Replica[]}
 */
export const REPLICAS = Object.freeze(
  SERVICES.flatMap((service) =>
    PLACEMENT[/** @type {keyof typeof PLACEMENT} */ (service)].map((host, k) => ({
      name: `${service}-${k + 1}`,
      service,
      host,
      readyUrl:
        service === 'gateway'
          ? `http://${hostAddress(host)}:${GATEWAY_PORT}/api/ready`
          : `http://${hostAddress(host)}:${METRICS_PORTS[/** @type {keyof typeof METRICS_PORTS} */ (service)]}/ready`,
    })),
  ),
);

/**
 * The replicas, started and restarted on demand.
 * @param {{ stackOptions: Record<string, any>, envFor: Record<string, Record<string, string>>, logDir: string }} options
 *   stackOptions: serviceEnv()'s options (the hosts' view of Postgres, NATS, Redis, S3, SMTP);
 *   envFor: extra variables per service
 */
export function clusterReplicas({ stackOptions, envFor, logDir }) {
  const supervisor = new Supervisor({ log: false, logDir });
  /** @param {string} name */
  const replica = (name) => {
    const found = REPLICAS.find((r) => r.name === name);
    if (!found) throw new Error(`no replica named ${name}`);
    return found;
  };
  /** @param {Replica} r */
  const envOf = (r) => ({
    ...process.env,
    ...serviceEnv(r.service, { ...stackOptions, port: GATEWAY_PORT }),
    ...(envFor[r.service] ?? {}),
    METRICS_PORT: String(METRICS_PORTS[/** @type {keyof typeof METRICS_PORTS} */ (r.service)]),
  });
  /**
   * Starts a replica on its host and resolves once it is ready. One that exits while starting is
   * started again 2 s later, as Kubernetes restarts a crashed container, three tries in all: a
   * replica started right after a fault can meet a dependency still recovering.
   * @param {string} name
   */
  const start = async (name, tries = 3) => {
    const r = replica(name);
    const child = supervisor.spawn(name, { file: path.join('dist', 'main.js'), cwd: path.join(ROOT, 'services', r.service), env: envOf(r), launcher: onHost(r.host) });
    const died = child.exited.then((result) => {
      throw new Error(`${name} stopped while starting (${result.signal ?? `code ${result.code}`}):\n${child.tail.join('\n')}`);
    });
    died.catch(() => {});
    try {
      await waitForHttp(r.readyUrl, { timeoutMs: 180_000, intervalMs: 200, abort: died });
    } catch (error) {
      if (tries <= 1 || child.alive) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await start(name, tries - 1);
    }
  };
  return {
    supervisor,
    /** @param {string} name */
    replica,
    /** @param {string} name */
    start: (name) => start(name),
    /** Every replica, a service's two side by side, the gateways after the rest. */
    async startAll() {
      for (const service of SERVICES) await Promise.all(REPLICAS.filter((r) => r.service === service).map((r) => start(r.name)));
    },
    /**
     * Stops a replica with `signal` (a SIGTERM lets it drain) and resolves once it is gone.
     * @param {string} name
     * @param {NodeJS.Signals} [signal]
     */
    kill: (name, signal = 'SIGTERM') => supervisor.kill(name, signal, 30_000),
    /** @param {number} host */
    on: (host) => REPLICAS.filter((r) => r.host === host),
    /** Stops every replica, the gateways first. */
    stop: () => supervisor.stop({ first: REPLICAS.filter((r) => r.service === 'gateway').map((r) => r.name) }),
  };
}
