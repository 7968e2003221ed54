import { Module } from '@nestjs/common';
import { AdminGuard } from './admin.guard.js';
import { SESSION_MIDDLEWARE, sessionMiddlewareProvider } from './session.middleware.js';
import { SessionSerializer } from './session.serializer.js';

/** Who asks: the session store's middleware, the session user's (de)serialisation and the admin check. */
@Module({
  providers: [sessionMiddlewareProvider, SessionSerializer, AdminGuard],
  exports: [SESSION_MIDDLEWARE, AdminGuard],
})
export class SessionModule {}
