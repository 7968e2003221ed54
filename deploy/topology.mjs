// @ts-check
// The Hdiya topology, declared once: each process (the five services and the four migrations),
// what it runs, the variables its deployment gives it, the ports it serves and the servers it
// depends on; and those servers (image, port). deploy/local/stack.mjs starts the processes and
// routes their variables from it, the container test backend (libs/testing) runs its images, and
// e2e/deploy/topology.e2e.ts checks docker-compose.yml and the Kubernetes manifests against it
// (decision 0037). No imports: start.mjs loads it before `npm install` has run.

/** A server a process connects to: run by the deployment (postgres ... s3) or outside it (smtp, push). */
/** @typedef {'postgres' | 'nats' | 'redis' | 's3' | 'smtp' | 'push'} Dependency */

/**
 * @typedef {object} BackingService
 * @property {string} [image]  the image compose and the container test backend run (none: outside the deployment)
 * @property {number[]} ports  the ports processes connect to
 * @property {string} [compose]  its service in docker-compose.yml (absent: not a compose dependency)
 * @property {string} [cluster]  the in-cluster Service the Kubernetes egress policies open (absent: the internet)
 */

/**
 * @typedef {object} Variable
 * @property {boolean} [secret]  a password, a key or a URL carrying one: from a Secret (Kubernetes) or .env (compose)
 * @property {boolean} [required]  every deployment sets it: the process's own default suits a developer's machine only
 * @property {string} [default]  the process's value when it is unset (none: unset means off)
 */

/**
 * @typedef {object} Process
 * @property {string} name
 * @property {'service' | 'migration'} kind  a long-running service, or a one-shot that must succeed before its service starts
 * @property {'users' | 'points' | 'donations' | 'messaging' | 'gateway'} image  hdiya/<image>: deploy/docker/Dockerfile built with SERVICE=<image>, run in services/<image>/
 * @property {string[]} command  what runs, in services/<image>/ (the image's default for a service)
 * @property {{ http?: number, metrics?: number }} ports  HTTP (the public one) and Prometheus metrics (METRICS_PORT)
 * @property {Dependency[]} dependsOn  the servers it connects to
 * @property {string[]} after  processes started (a migration: finished) before it
 * @property {Readonly<Record<string, Variable>>} env  every variable its deployment may set
 */

/** @type {Readonly<Record<Dependency, BackingService>>} */
export const BACKING_SERVICES = Object.freeze({
  postgres: { image: 'postgis/postgis:15-3.4', ports: [5432], compose: 'postgres', cluster: 'postgres' },
  // 2.10 or later: durable-jetstream.conf syncs JetStream before each acknowledgement.
  nats: { image: 'nats:2.12-alpine', ports: [4222], compose: 'nats', cluster: 'nats' },
  redis: { image: 'redis:7', ports: [6379], compose: 'redis', cluster: 'redis' },
  s3: { image: 'minio/minio', ports: [9000], compose: 'minio', cluster: 'minio' },
  // A relay outside the deployment (compose's `mail` catcher is optional: SMTP_URL chooses).
  smtp: { image: 'maildev/maildev:2.2.1', ports: [25, 465, 587] },
  // Browsers' push services (Web Push, decision 0025), over https.
  push: { ports: [443] },
});

/** What every process but a migration reads (libs/platform's serviceEnvSchema; the gateway's schema repeats it). */
const PLATFORM_ENV = Object.freeze({
  NODE_ENV: { required: true, default: 'production' },
  LOG_LEVEL: { default: 'log' },
  LOG_FORMAT: { default: 'json' },
  METRICS_PORT: {},
  NATS_URL: { required: true, default: 'nats://127.0.0.1:4222' },
  // Its own NATS user: subject permissions in deploy/nats/nats-server.conf.
  NATS_USER: { required: true },
  NATS_PASSWORD: { required: true, secret: true },
  EVENTS_STREAM_REPLICAS: { required: true, default: '1' },
  // Days the DEAD_LETTERS stream keeps a dead letter, set when a process with consumers creates it.
  DEAD_LETTERS_MAX_AGE_DAYS: { default: '30' },
});

/** Every data service's retention job (libs/platform's retentionEnvSchema; docs/privacy.md). */
const RETENTION_ENV = Object.freeze({
  RETENTION_INTERVAL_MS: { default: '3600000' },
  RETENTION_BATCH_SIZE: { default: '1000' },
  RETENTION_PUBLISHED_OUTBOX_DAYS: { default: '7' },
});

/** The services that consume events: their inbox's period, never below the events stream's 30 days + 1. */
const INBOX_RETENTION_ENV = Object.freeze({
  RETENTION_HANDLED_INBOX_DAYS: { default: '31' },
});

/** The service's own database role (libs/platform's databaseEnvSchema). */
const DATABASE_ENV = Object.freeze({
  DATABASE_URL: { required: true, secret: true },
});

/** The services that send mail (libs/platform's mailEnvSchema, decision 0024). */
const MAIL_ENV = Object.freeze({
  // May carry the relay's account; unset: mails stay queued.
  SMTP_URL: { required: true, secret: true },
  MAIL_FROM: { default: 'Hdiya <no-reply@hdiya.local>' },
  PUBLIC_URL: { required: true, default: 'http://localhost:3000' },
  // How long sent mails and mails given up on stay in the mail outbox (days).
  RETENTION_SENT_MAIL_DAYS: { default: '30' },
  RETENTION_FAILED_MAIL_DAYS: { default: '30' },
});

/** Serves Prometheus metrics here when METRICS_PORT is set (Kubernetes sets it for every process). */
const METRICS_PORT = 9464;

/**
 * @param {'users' | 'points' | 'donations' | 'messaging'} name
 * @param {Partial<Process>} extra
 * @returns {Process[]} the data service and, before it, its migration
 */
function dataService(name, { dependsOn = [], env = {}, ...rest } = {}) {
  return [
    {
      name: `${name}-migrate`,
      kind: 'migration',
      image: name,
      command: ['node', 'dist/database/migrate.js'],
      ports: {},
      dependsOn: ['postgres'],
      after: [],
      // MIGRATION_LOCK_TIMEOUT_MS: each statement's lock_timeout (decision 0066; 5 s unset).
      env: { NODE_ENV: PLATFORM_ENV.NODE_ENV, ...DATABASE_ENV, MIGRATION_LOCK_TIMEOUT_MS: {} },
    },
    {
      name,
      kind: 'service',
      image: name,
      command: ['node', 'dist/main.js'],
      ports: { metrics: METRICS_PORT },
      dependsOn: ['postgres', 'nats', ...dependsOn],
      after: [`${name}-migrate`],
      env: { ...PLATFORM_ENV, ...DATABASE_ENV, ...RETENTION_ENV, ...env },
      ...rest,
    },
  ];
}

/** Every process, in start order: each after those it names in `after`, the gateway last. */
/** @type {readonly Process[]} */
export const PROCESSES = Object.freeze([
  ...dataService('users', {
    dependsOn: ['smtp'],
    env: {
      ...MAIL_ENV,
      // The support team's address new contact messages are mailed to; unset: none is (issue 45).
      SUPPORT_EMAIL: {},
      // argon2id's cost; production refuses less than OWASP's least.
      PASSWORD_HASH_MEMORY_KIB: { default: '65536' },
      PASSWORD_HASH_TIME_COST: { default: '3' },
      // Retention (days): reset and verification links once ended, contact messages once answered.
      RETENTION_ENDED_TOKEN_DAYS: { default: '7' },
      RETENTION_ANSWERED_CONTACT_DAYS: { default: '180' },
    },
  }),
  ...dataService('points', { env: INBOX_RETENTION_ENV }),
  ...dataService('donations', { env: INBOX_RETENTION_ENV }),
  ...dataService('messaging', {
    dependsOn: ['smtp', 'push'],
    env: {
      ...MAIL_ENV,
      // Signs the one-click unsubscribe links of notification mails (decision 0027).
      MAIL_LINK_SECRET: { required: true, secret: true },
      // Web Push's VAPID key pair (decision 0025): without it no push is sent.
      VAPID_PUBLIC_KEY: { secret: true },
      VAPID_PRIVATE_KEY: { secret: true },
      VAPID_SUBJECT: { default: 'mailto:contact@hdiya.ma' },
      ...INBOX_RETENTION_ENV,
      // Retention (days): notifications once read, pushes once given up on.
      RETENTION_READ_NOTIFICATION_DAYS: { default: '30' },
      RETENTION_FAILED_PUSH_DAYS: { default: '7' },
    },
  }),
  {
    name: 'gateway',
    kind: 'service',
    image: 'gateway',
    command: ['node', 'dist/main.js'],
    ports: { http: 3000, metrics: METRICS_PORT },
    dependsOn: ['nats', 'redis', 's3'],
    after: ['users', 'points', 'donations', 'messaging'],
    env: {
      ...PLATFORM_ENV,
      PORT: { required: true, default: '3000' },
      REDIS_URL: { required: true, secret: true },
      SESSION_SECRET: { required: true, secret: true },
      PUBLIC_ORIGINS: { required: true, default: 'http://localhost:3000,http://127.0.0.1:3000' },
      // Proxy hops before the gateway, and the session cookie's Secure flag.
      TRUST_PROXY: { default: 'loopback' },
      COOKIE_SECURE: { default: 'auto' },
      // The built web app it serves (the image's own copy by default).
      FRONTEND_DIST: {},
      // Images: the only process with an S3 key, its own, limited to the bucket.
      S3_ENDPOINT: { required: true },
      S3_PORT: { required: true },
      S3_USE_SSL: { required: true, default: 'false' },
      S3_ACCESS_KEY: { required: true, secret: true },
      S3_SECRET_KEY: { required: true, secret: true },
      S3_BUCKET: { required: true, default: 'hdiya-images' },
      S3_REGION: { required: true, default: 'us-east-1' },
      // Told to stop, how long it keeps serving with its readiness failing (docs/operations.md#rollouts).
      GATEWAY_DRAIN_MS: { default: '0' },
      SOCKET_CLOSE_SPREAD_MS: { default: '0' },
      // How often the ids of ended sessions are swept from the members' session indexes.
      RETENTION_INTERVAL_MS: { default: '3600000' },
    },
  },
]);

/** The long-running services, in start order. */
export const SERVICE_PROCESSES = Object.freeze(PROCESSES.filter((proc) => proc.kind === 'service'));

/**
 * The declaration of one process.
 * @param {string} name
 * @returns {Process}
 */
export function processNamed(name) {
  const found = PROCESSES.find((proc) => proc.name === name);
  if (!found) throw new Error(`unknown process '${name}' (expected one of ${PROCESSES.map((proc) => proc.name).join(', ')})`);
  return found;
}

/**
 * The names of the services that depend on `dependency`, in start order.
 * @param {Dependency} dependency
 * @returns {string[]}
 */
export function servicesUsing(dependency) {
  return SERVICE_PROCESSES.filter((proc) => proc.dependsOn.includes(dependency)).map((proc) => proc.name);
}
