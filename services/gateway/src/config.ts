import { DEFAULT_POINTS_RPC_TIMEOUT_MS, reserveTimeoutFor } from '@hdiya/contracts';
import { loadConfig, logLevelSchema } from '@hdiya/platform';
import { z } from 'zod';

const DEV_SECRET = 'dev-only-session-secret-change-me-0123456789';
/** Secrets printed in this repository (the default, the Kubernetes example, an older compose default). */
const PUBLISHED_SECRETS = new Set([DEV_SECRET, 'change-me-to-64-random-hex-characters', 'insecure-trial-secret-set-SESSION_SECRET-in-env']);

const origins = z
  .string()
  .default('http://localhost:3000,http://127.0.0.1:3000')
  .transform((value) => value.split(',').map((o) => o.trim()).filter(Boolean));

const UNITS = { b: 1, kb: 1024, mb: 1024 * 1024 } as const;
/** A size such as `32kb`, `7mb` or `4096` (bytes), as bytes. */
const byteSize = z
  .string()
  .regex(/^\d+(b|kb|mb)?$/i, 'must be a size such as 32kb or 7mb')
  .transform((value) => {
    const [, amount, unit] = /^(\d+)([a-z]*)$/i.exec(value)!;
    return Number(amount) * UNITS[(unit || 'b').toLowerCase() as keyof typeof UNITS];
  });

export const gatewayConfigSchema = z
  .object({
    /** Unset means production (the session secret is then required): development is asked for by name. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    LOG_LEVEL: logLevelSchema,
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Where Prometheus scrapes the gateway (`GET /metrics`), apart from the public port; unset: none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
    /** The gateway's NATS user and password (deploy/nats/nats-server.conf); unset: anonymous. */
    NATS_USER: z.string().min(1).optional(),
    NATS_PASSWORD: z.string().min(1).optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    /** Idle lifetime: a session unused this long ends (each request renews it). */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    /** Absolute lifetime: a session ends this long after sign-in, however active. */
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How often the ids of ended sessions are swept from the members' session indexes (retention). */
    RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 60 * 1000),
    /** How often each replica checks that its sockets' sessions still hold (ended: the socket closes). */
    /**
     * Told to stop, how long the gateway keeps serving with its readiness failing, so the load
     * balancer stops sending it requests before it closes (docs/operations.md#rollouts). 0 locally.
     */
    GATEWAY_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Then the time over which its sockets are closed, a slice at a time, so their clients do not all reconnect at once (0 locally: all at once). */
    SOCKET_CLOSE_SPREAD_MS: z.coerce.number().int().min(0).max(30_000).default(0),
    SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** Open sockets a member may have at once, across replicas (tabs, phones); the next is refused. */
    SOCKETS_PER_MEMBER_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    PUBLIC_ORIGINS: origins,
    TRUST_PROXY: z.string().default('loopback'),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    FRONTEND_DIST: z.string().default(new URL('../../../frontend/dist', import.meta.url).pathname),
    /** Every JSON body but a donation's: the largest form (contact, 5,000 characters) is under 16 KB in UTF-8. */
    JSON_BODY_LIMIT: byteSize.prefault('32kb'),
    // A donation may carry its photo inline as a data URL: 5 MB of image is about 6.7 MB of base64.
    DONATION_BODY_LIMIT: byteSize.prefault('7mb'),
    S3_ENDPOINT: z.string().min(1).default('127.0.0.1'),
    S3_PORT: z.coerce.number().int().min(1).max(65535).default(4569),
    S3_USE_SSL: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    S3_ACCESS_KEY: z.string().min(1).default('S3RVER'),
    S3_SECRET_KEY: z.string().min(1).default('S3RVER'),
    S3_BUCKET: z.string().min(3).default('hdiya-images'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** How often uploads no donation took (for a day, see the donations service) are deleted. */
    IMAGE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(15 * 60 * 1000),
    /** The map's tiles (Leaflet URL template) and the credit their provider asks for. */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) tile URL template with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap'),
    /** How long GET /api/health answers its last report before probing every part again. */
    HEALTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    /** The donations service's wait for the points service (same variable there): reserving derives from it. */
    POINTS_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_POINTS_RPC_TIMEOUT_MS),
    /** Reserving waits for the points service's hold, and for the give-back if that fails (default: derived). */
    RESERVE_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
    /** Wrong passwords for one account from one address (or one known device). */
    RATE_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    /** Wrong passwords for one account from everywhere: beyond, only its known devices may sign in. */
    RATE_LOGIN_FAILURES_PER_ACCOUNT_TOTAL: z.coerce.number().int().min(1).default(50),
    /** How long a device where a member signed in stays known (its cookie's lifetime). */
    KNOWN_DEVICE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    RATE_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
    RATE_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
    RATE_SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    /** Signups refused because a username, e-mail or phone is taken (they reveal members). */
    RATE_SIGNUP_CONFLICTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    /** Profile changes refused because the e-mail or phone is taken, per member (the address shares signup's). */
    RATE_PROFILE_CONFLICTS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
    RATE_FORMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    RATE_UPLOADS_PER_MEMBER: z.coerce.number().int().min(1).default(100),
    /** Messages a member may send per minute (a conversation needs far fewer; a spammer more). */
    RATE_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_HOURLY_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60 * 60),
    // Account mails (issue 20): forgot-password per e-mail address and per client address, like sign-in
    RATE_PASSWORD_RESETS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    RATE_PASSWORD_RESETS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    /** "Renvoyer le lien" of the address verification, per member. */
    RATE_VERIFICATION_MAILS_PER_MEMBER: z.coerce.number().int().min(1).default(5),
    /** Verification mails (resends and changes of address) per member per day, and per address they go to per day. */
    RATE_VERIFICATION_MAILS_PER_MEMBER_PER_DAY: z.coerce.number().int().min(1).default(10),
    RATE_VERIFICATION_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).default(5),
  })
  .refine((c) => c.NODE_ENV !== 'production' || !PUBLISHED_SECRETS.has(c.SESSION_SECRET), {
    message: 'SESSION_SECRET must be set in production, to a secret of your own (not one printed in this repository)',
    path: ['SESSION_SECRET'],
  })
  .refine((c) => c.RESERVE_TIMEOUT_MS === undefined || c.RESERVE_TIMEOUT_MS >= 2 * c.POINTS_RPC_TIMEOUT_MS, {
    message: 'RESERVE_TIMEOUT_MS must leave room for the hold and the release (at least 2 × POINTS_RPC_TIMEOUT_MS)',
    path: ['RESERVE_TIMEOUT_MS'],
  })
  .transform((c) => ({ ...c, RESERVE_TIMEOUT_MS: c.RESERVE_TIMEOUT_MS ?? reserveTimeoutFor(c.POINTS_RPC_TIMEOUT_MS) }));

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
