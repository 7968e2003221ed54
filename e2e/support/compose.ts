import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every secret docker-compose.yml has no default for (it refuses to render without them). */
export const COMPOSE_SECRET_NAMES = [
  'SESSION_SECRET',
  'MAIL_LINK_SECRET',
  'REDIS_PASSWORD',
  'NATS_PASSWORD_GATEWAY',
  'NATS_PASSWORD_USERS',
  'NATS_PASSWORD_POINTS',
  'NATS_PASSWORD_DONATIONS',
  'NATS_PASSWORD_MESSAGING',
  'NATS_PASSWORD_OPERATOR',
  'MINIO_ROOT_PASSWORD',
  'S3_SECRET_KEY',
];

export const composeSecrets: Record<string, string> = Object.fromEntries(COMPOSE_SECRET_NAMES.map((name) => [name, `test-${name.toLowerCase()}`]));

/**
 * `docker-compose <args>` on the repository's compose file, with the secrets set (and `env` on
 * top). Compose cannot run here (no Docker engine), but its file must render for operators.
 */
export function composeCommand(args: string[], env: Record<string, string | undefined> = { ...process.env, ...composeSecrets }): string {
  return execFileSync('docker-compose', args, { cwd: root, encoding: 'utf8', stdio: 'pipe', env });
}
