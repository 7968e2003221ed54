import type { Provider } from '@nestjs/common';
import RedisStore from 'connect-redis';
import session from 'express-session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';

export const SESSION_COOKIE = 'hdiya.sid';
/** Where a session lives in Redis: this prefix and its id. */
export const SESSION_KEY_PREFIX = 'sess:';
export const SESSION_MIDDLEWARE = Symbol('SESSION_MIDDLEWARE');
export type SessionMiddleware = ReturnType<typeof session>;

/**
 * Sessions live in Redis, so any gateway replica serves any member and a restart signs nobody
 * out. The cookie is httpOnly and SameSite=Lax; Secure whenever the request came over TLS.
 */
export function sessionMiddleware(config: GatewayConfig, redis: RedisClient): SessionMiddleware {
  return session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store: new RedisStore({ client: redis, prefix: SESSION_KEY_PREFIX, ttl: config.SESSION_TTL_DAYS * 24 * 60 * 60 }),
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

/** One session middleware for HTTP and the socket.io handshake: the same cookie signs both in. */
export const sessionMiddlewareProvider: Provider = {
  provide: SESSION_MIDDLEWARE,
  inject: [GATEWAY_CONFIG, REDIS],
  useFactory: sessionMiddleware,
};
