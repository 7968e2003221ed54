// What the test infrastructure offers, whichever backend runs it (containers or this machine).

export type TestBackend = 'containers' | 'machine';

/**
 * 'open': NATS with JetStream and Redis that anyone may use, as integration tests connect.
 * 'secured': as the product runs them: deploy/nats/nats-server.conf (one user per process, its
 * subjects only) and a Redis that requires a password, for end-to-end tests.
 */
export type BrokerAccess = 'open' | 'secured';

/** Tools the suite also needs from the machine, whichever the backend (infra.sh --with-<tool>). */
export type MachineTool = 'browser' | 'compose';

export interface TestInfrastructureOptions {
  /** Labels temporary folders, e.g. 'test' or 'chaos'. */
  name: string;
  /** The database to create afresh: roles, one schema per service, PostGIS, every migration. */
  database: string;
  brokers: readonly BrokerAccess[];
  machineTools?: readonly MachineTool[];
  /** Logical database of the open Redis (this machine's Redis is shared: each checkout picks its own). */
  redisDatabase?: number;
  /** Keep infra.sh's lines to the error it throws instead of printing them. */
  quiet?: boolean;
  /** Where the line saying which backend was chosen goes (console.log by default). */
  log?: (line: string) => void;
}

export interface PostgresEndpoint {
  host: string;
  port: number;
  /** A superuser, trusted without a password. */
  user: string;
  database: string;
  /** The superuser's connection string to the database, for fixtures and invariant checks. */
  adminUrl: string;
}

export interface OpenBrokers {
  natsUrl: string;
  redisUrl: string;
}

export interface SecuredBrokers {
  natsUrl: string;
  /** Each process's NATS password, and the operator's (decision 0068): {gateway, users, points, donations, messaging, operator}. */
  natsPasswords: Record<string, string>;
  redisUrl: string;
  /** Kills NATS at once (SIGKILL), as a crash would. */
  killNats(): Promise<void>;
  /** NATS again, on the same address and JetStream store; resolves once it serves. */
  startNats(): Promise<void>;
}

/** The shape of deploy/local/stack.mjs's `s3` option: where the product stores photos. */
export interface S3Endpoint {
  endpoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** The mail catcher (maildev) the stack's services send to, with its REST API for tests. */
export interface MailCatcher {
  smtpUrl: string;
  /** maildev's web inbox and REST API (`GET /email`, `DELETE /email/all`). */
  apiUrl: string;
  /** Takes SMTP away (fault tests); mails caught so far are lost with it. */
  stop(): Promise<unknown>;
  /** Back on the same ports. */
  start(): Promise<void>;
}

/** What the servers of one backend are, before the shared helpers are added. */
export interface TestServers {
  postgres: PostgresEndpoint;
  open?: OpenBrokers;
  secured?: SecuredBrokers;
  s3: S3Endpoint;
  stop(): Promise<void>;
}

/** The servers of one backend and the mail catcher (an npm package, started alike on both). */
export interface TestServersWithMail extends TestServers {
  mail: MailCatcher;
}

/** The startStack options (deploy/local/stack.mjs) that put the product on these servers. */
export interface StackConnection {
  database: string;
  pgHost: string;
  pgPort: number;
  natsUrl: string;
  natsPasswords: Record<string, string>;
  redisUrl: string;
  s3: S3Endpoint;
  /** SMTP_URL of the services that send mail. */
  smtpUrl: string;
}

export interface TestInfrastructure extends TestServersWithMail {
  backend: TestBackend;
  /** The variables that point tests at these servers (HDIYA_DATABASE, PGHOST, NATS_URL, ...). */
  env(): Record<string, string>;
  /** Requires 'secured' brokers: the product runs only as in production. */
  stackConnection(): StackConnection;
}
