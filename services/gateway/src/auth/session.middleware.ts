import { RedisStore } from 'connect-redis';
import session from 'express-session';
import type { GatewayConfig } from '../config.js';
import type { RedisClient } from '../redis/redis.provider.js';

export const SESSION_COOKIE = 'hdiya.sid';

/**
 * Sessions live in Redis, so any gateway replica serves any member and a restart signs nobody
 * out. The cookie is httpOnly and SameSite=Lax; Secure whenever the request came over TLS.
 */
export function sessionMiddleware(config: GatewayConfig, redis: RedisClient) {
  return session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store: new RedisStore({ client: redis, prefix: 'sess:', ttl: config.SESSION_TTL_DAYS * 24 * 60 * 60 }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE === 'auto' ? 'auto' : config.COOKIE_SECURE === 'true',
      maxAge: config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
      path: '/',
    },
  });
}
