import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import passport from 'passport';
import { createLogger, initMetrics } from '@hdiya/platform';
import { AppModule } from './app.module.js';
import { absoluteSessionLifetime } from './session/session-lifetime.js';
import { SESSION_MIDDLEWARE, sessionRefresh, type SessionMiddleware } from './session/session.middleware.js';
import { unlessVisitorRead } from './session/visitor-reads.js';
import type { GatewayConfig } from './config.js';
import { ApiExceptionFilter } from './errors/api-exception.filter.js';
import { linkPreview } from './frontend/link-preview.js';
import { serveFrontend } from './frontend/spa.js';
import { ServiceClient } from './rpc/service-client.js';
import { compressedAnswers } from './http/compressed-answers.js';
import { jsonBodies } from './http/json-bodies.js';
import { requestId } from './http/request-id.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { originCheck } from './security/origin-check.js';
import { contentSecurityPolicy } from './security/content-security-policy.js';

/** Builds the HTTP app; tests call it too, so what they exercise is what runs. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const logger = createLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
  initMetrics('gateway');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), { logger, bodyParser: false });
  app.use(requestId(), httpMetrics());
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(config.MAP_TILE_URL) }));
  app.use(compressedAnswers());
  app.use(serveFrontend(config.FRONTEND_DIST, linkPreview(app.get(ServiceClient), config.PUBLIC_ORIGINS[0] ?? '')));
  app.use(originCheck(config.PUBLIC_ORIGINS));
  // A visitor's read has no session: it skips the store, the lifetime check and passport, whose
  // `initialize` only equips the request to sign in or out (guards read `req.user`, unset here).
  app.use(unlessVisitorRead(app.get<SessionMiddleware>(SESSION_MIDDLEWARE)));
  app.use(unlessVisitorRead(absoluteSessionLifetime(config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000)));
  app.use(unlessVisitorRead(sessionRefresh()));
  app.use(unlessVisitorRead(passport.initialize()), unlessVisitorRead(passport.session()));
  // Bodies after the session: a donation's large limit (its photo may be inline, spec client) is
  // for a signed-in member's create or edit only; a body over its limit is never read.
  app.use(jsonBodies({ small: config.JSON_BODY_LIMIT, large: config.DONATION_BODY_LIMIT }));
  app.useGlobalFilters(new ApiExceptionFilter());
  return app;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
