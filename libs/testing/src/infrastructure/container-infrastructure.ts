import { randomBytes } from 'node:crypto';
import type { GenericContainer, StartedTestContainer } from 'testcontainers';
import { prepareDatabase } from './database-preparation.js';
import { postgresEndpoint } from './endpoints.js';
import type { OpenBrokers, S3Endpoint, SecuredBrokers, TestInfrastructureOptions, TestServers } from './infrastructure-types.js';
import { loadLocalStack, type LocalStack } from './local-stack.js';

// The servers in containers (testcontainers), from the images deploy/topology.mjs declares: the
// ones docker-compose.yml runs in production-like set-ups. Only the database preparation and the
// tools stay on this machine: infra.sh --database-only prepares the container's PostgreSQL with
// the machine's psql.

type Testcontainers = typeof import('testcontainers');

/** The images and ports deploy/topology.mjs declares (docker-compose.yml runs the same images; e2e/deploy/topology.e2e.ts checks it). */
function serversOf(local: LocalStack) {
  const { postgres, nats, redis, s3 } = local.BACKING_SERVICES;
  return {
    images: { postgres: postgres.image, nats: nats.image, redis: redis.image, minio: s3.image },
    ports: { postgres: postgres.ports[0]!, nats: nats.ports[0]!, redis: redis.ports[0]!, minio: s3.ports[0]! },
  };
}
type Servers = ReturnType<typeof serversOf>;

/** A first run pulls the images. */
const STARTUP_TIMEOUT_MS = 180_000;
const NATS_READY = /Server is ready/;
const NATS_CONFIG_IN_CONTAINER = '/etc/nats/hdiya.conf';

export async function startContainerInfrastructure(options: TestInfrastructureOptions): Promise<TestServers> {
  // Loaded here only: the machine backend never loads testcontainers.
  const tc = await import('testcontainers');
  const local = await loadLocalStack();
  const servers = serversOf(local);
  const { ports } = servers;
  const natsPasswords = local.natsPasswords();
  const redisPassword = randomBytes(18).toString('base64url');
  const s3Secret = randomBytes(18).toString('hex');
  const securedNatsPort = await local.freePort();
  const wantsOpen = options.brokers.includes('open');
  const wantsSecured = options.brokers.includes('secured');

  const started: StartedTestContainer[] = [];
  const launch = async (container: GenericContainer) => {
    const running = await container.start();
    started.push(running);
    return running;
  };
  const stop = async () => {
    await Promise.allSettled(started.splice(0).map((container) => container.stop()));
  };
  try {
    // Together: the pulls and start-ups overlap. Every start settles before a failure is thrown,
    // so that stop() sees every container that did start.
    const [postgres, minio, openNats, openRedis, securedNats, securedRedis] = await allSettledOrThrow([
      launch(postgresContainer(tc, servers)),
      launch(minioContainer(tc, servers, s3Secret)),
      wantsOpen ? launch(natsContainer(tc, servers)) : undefined,
      wantsOpen ? launch(redisContainer(tc, servers)) : undefined,
      wantsSecured ? launch(securedNatsContainer(tc, servers, local, natsPasswords, securedNatsPort)) : undefined,
      wantsSecured ? launch(redisContainer(tc, servers, redisPassword)) : undefined,
    ] as const);

    const database = postgresEndpoint(postgres.getHost(), postgres.getMappedPort(ports.postgres), 'postgres', options.database);
    await prepareDatabase({ database: options.database, postgres: database, databaseOnly: true, machineTools: options.machineTools ?? [], quiet: options.quiet ?? false });

    const s3: S3Endpoint = {
      ...local.DEFAULTS.s3,
      endpoint: minio.getHost(),
      port: minio.getMappedPort(ports.minio),
      accessKey: 'hdiya-test',
      secretKey: s3Secret,
    };
    await createBucket(s3);

    const open: OpenBrokers | undefined =
      openNats && openRedis
        ? {
            natsUrl: `nats://${openNats.getHost()}:${openNats.getMappedPort(ports.nats)}`,
            redisUrl: `redis://${openRedis.getHost()}:${openRedis.getMappedPort(ports.redis)}/${options.redisDatabase ?? 15}`,
          }
        : undefined;
    const secured: SecuredBrokers | undefined =
      securedNats && securedRedis
        ? {
            natsUrl: `nats://${securedNats.getHost()}:${securedNats.getMappedPort(ports.nats)}`,
            natsPasswords,
            redisUrl: local.redisUrlOf(securedRedis.getMappedPort(ports.redis), redisPassword, securedRedis.getHost()),
            ...natsCrashes(tc, securedNats),
          }
        : undefined;
    return { postgres: database, open, secured, s3, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Trusted like the machine's loopback: infra.sh and the tests sign in as postgres without a password. */
function postgresContainer(tc: Testcontainers, { images, ports }: Servers): GenericContainer {
  return (
    new tc.GenericContainer(images.postgres)
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(ports.postgres)
      // The image's first start runs a temporary server for its init scripts, then the real one.
      .withWaitStrategy(tc.Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
  );
}

/** Anyone may connect, as integration tests do. */
function natsContainer(tc: Testcontainers, { images, ports }: Servers): GenericContainer {
  return new tc.GenericContainer(images.nats)
    .withCommand(['nats-server', '-js', '-sd', '/data'])
    .withExposedPorts(ports.nats)
    .withWaitStrategy(tc.Wait.forLogMessage(NATS_READY))
    .withStartupTimeout(STARTUP_TIMEOUT_MS);
}

/** As spawnNats (deploy/local/stack.mjs) and compose run it: the product's configuration, passwords from the environment. */
function securedNatsContainer(tc: Testcontainers, { images, ports }: Servers, local: LocalStack, passwords: Record<string, string>, hostPort: number): GenericContainer {
  return (
    new tc.GenericContainer(images.nats)
      .withCopyFilesToContainer([{ source: local.NATS_CONFIG, target: NATS_CONFIG_IN_CONTAINER }])
      .withEnvironment(local.natsPasswordVariables(passwords))
      .withCommand(['nats-server', '-c', NATS_CONFIG_IN_CONTAINER, '-js', '-sd', '/data'])
      // A fixed host port: killed and started again (fault tests), NATS must come back at the same address.
      .withExposedPorts({ container: ports.nats, host: hostPort })
      .withWaitStrategy(tc.Wait.forLogMessage(NATS_READY))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
  );
}

/** Nothing kept on disk, as spawnRedis does; a password when one is given. */
function redisContainer(tc: Testcontainers, { images, ports }: Servers, password?: string): GenericContainer {
  return new tc.GenericContainer(images.redis)
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no', ...(password ? ['--requirepass', password] : [])])
    .withExposedPorts(ports.redis)
    .withWaitStrategy(tc.Wait.forLogMessage(/Ready to accept connections/))
    .withStartupTimeout(STARTUP_TIMEOUT_MS);
}

function minioContainer(tc: Testcontainers, { images, ports }: Servers, secretKey: string): GenericContainer {
  return new tc.GenericContainer(images.minio)
    .withEnvironment({ MINIO_ROOT_USER: 'hdiya-test', MINIO_ROOT_PASSWORD: secretKey })
    .withCommand(['server', '/data'])
    .withExposedPorts(ports.minio)
    .withWaitStrategy(tc.Wait.forHttp('/minio/health/live', ports.minio))
    .withStartupTimeout(STARTUP_TIMEOUT_MS);
}

/** MinIO starts without buckets (s3rver is told its bucket on the command line). */
async function createBucket(s3: S3Endpoint): Promise<void> {
  const { Client } = await import('minio');
  const client = new Client({
    endPoint: s3.endpoint,
    port: s3.port,
    useSSL: s3.useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
    pathStyle: true,
  });
  if (!(await client.bucketExists(s3.bucket))) await client.makeBucket(s3.bucket, s3.region);
}

/** Kill and start the NATS container itself (SIGKILL, then the same container again: same port, same JetStream store). */
function natsCrashes(tc: Testcontainers, nats: StartedTestContainer): Pick<SecuredBrokers, 'killNats' | 'startNats'> {
  const handle = async () => {
    const runtime = await tc.getContainerRuntimeClient();
    return { runtime, container: runtime.container.getById(nats.getId()) };
  };
  return {
    async killNats() {
      const { container } = await handle();
      await container.kill({ signal: 'SIGKILL' });
    },
    async startNats() {
      const { runtime, container } = await handle();
      await runtime.container.start(container);
      const startedAt = new Date((await runtime.container.inspect(container)).State.StartedAt);
      // Only this start's lines count: the first start's "ready" is still in the log.
      await tc.Wait.forLogMessage(NATS_READY).withStartupTimeout(30_000).waitUntilReady(container, new tc.BoundPorts(), startedAt);
    },
  };
}

/** Like Promise.all, but waits for every promise to settle before throwing the first failure. */
async function allSettledOrThrow<T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(promises);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
