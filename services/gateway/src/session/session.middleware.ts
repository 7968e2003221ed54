import type { Provider } from '@nestjs/common';
import RedisStore from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
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
    // The idle lifetime slides with `sessionRefresh` (once an hour), not with every request: no
    // EXPIRE and no signed cookie per request (issue 25), the same days of idle lifetime.
    store: new RedisStore({ client: redis, prefix: SESSION_KEY_PREFIX, ttl: config.SESSION_TTL_DAYS * 24 * 60 * 60, disableTouch: true }),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE === 'auto' ? 'auto' : config.COOKIE_SECURE === 'true',
      maxAge: config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
      path: '/',
    },
  });
}

/** How often a used session's idle lifetime is pushed back (its stored copy and its cookie). */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

/**
 * A session in use lives `SESSION_TTL_DAYS` past its last use, to the hour: once an hour a request
 * stamps it, which saves it (full TTL in Redis) and sends its cookie again (full max-age).
 */
export function sessionRefresh(now: () => number = Date.now) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const session = req.session as unknown as { passport?: { user?: unknown }; refreshedAt?: number } | undefined;
    // A visitor's new session stays unsaved (saveUninitialized: false): only a member's is stamped.
    if (session?.passport?.user !== undefined && (session.refreshedAt === undefined || now() - session.refreshedAt >= SESSION_REFRESH_MS)) session.refreshedAt = now();
    next();
  };
}

/** One session middleware for HTTP and the socket.io handshake: the same cookie signs both in. */
export const sessionMiddlewareProvider: Provider = {
  provide: SESSION_MIDDLEWARE,
  inject: [GATEWAY_CONFIG, REDIS],
  useFactory: sessionMiddleware,
};
