import { Module, type DynamicModule } from '@nestjs/common';
import { natsAuthOf } from '@hdiya/platform';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { PassportModule } from '@nestjs/passport';
import { AdminGuard } from './session/admin.guard.js';
import { AuthController } from './auth/auth.controller.js';
import { CurrentAccountService } from './auth/current-account.service.js';
import { KnownDevices } from './auth/known-device.js';
import { LocalStrategy } from './auth/local.strategy.js';
import { LoginGuard } from './auth/login.guard.js';
import { SessionSerializer } from './session/session.serializer.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { AdminController } from './http/admin.controller.js';
import { FailedMailsController } from './http/failed-mails.controller.js';
import { AccountMailsController } from './auth/account-mails.controller.js';
import { MemberSessions } from './auth/member-sessions.js';
import { CatalogueController } from './http/catalogue.controller.js';
import { ContactController } from './http/contact.controller.js';
import { DonationsController } from './http/donations.controller.js';
import { HealthController } from './http/health.controller.js';
import { MemberListsController } from './http/member-lists.controller.js';
import { MessagesController } from './http/messages.controller.js';
import { NotificationDeliveryController } from './http/notification-delivery.controller.js';
import { NotificationsController } from './http/notifications.controller.js';
import { PushController } from './http/push.controller.js';
import { PointsController } from './http/points.controller.js';
import { ReservationsController } from './http/reservations.controller.js';
import { UsersController } from './http/users.controller.js';
import { SocketMetrics } from './metrics/socket-metrics.js';
import { SavedSearchesController } from './http/saved-searches.controller.js';
import { WaitlistController } from './http/waitlist.controller.js';
import { DonationImages } from './images/donation-images.service.js';
import { ImageStore } from './images/image-store.js';
import { ImagesController } from './images/images.controller.js';
import { UnattachedImagesSweep } from './images/unattached-images-sweep.js';
import { PushRelay } from './realtime/push-relay.js';
import { SeenReports } from './realtime/seen-reports.js';
import { SocketServer } from './realtime/socket-server.js';
import { redisProvider, RedisShutdown } from './redis/redis.provider.js';
import { sessionMiddlewareProvider } from './session/session.middleware.js';
import { NATS_CLIENT, ServiceClient } from './rpc/service-client.js';
import { RateLimits } from './security/rate-limits.js';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PassportModule.register({ session: true }),
        ClientsModule.register([
          {
            name: NATS_CLIENT,
            transport: Transport.NATS,
            options: { servers: config.NATS_URL.split(','), name: 'gateway-rpc', maxReconnectAttempts: -1, ...natsAuthOf(config, 'gateway') },
          },
        ]),
      ],
      controllers: [
        AuthController,
        UsersController,
        ContactController,
        HealthController,
        CatalogueController,
        DonationsController,
        WaitlistController,
        SavedSearchesController,
        MemberListsController,
        ReservationsController,
        PointsController,
        AdminController,
        AccountMailsController,
        FailedMailsController,
        ImagesController,
        MessagesController,
        NotificationsController,
        NotificationDeliveryController,
        PushController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        redisProvider,
        RedisShutdown,
        sessionMiddlewareProvider,
        SocketServer,
        SocketMetrics,
        PushRelay,
        SeenReports,
        ServiceClient,
        RateLimits,
        CurrentAccountService,
        MemberSessions,
        LocalStrategy,
        LoginGuard,
        KnownDevices,
        SessionSerializer,
        AdminGuard,
        ImageStore,
        DonationImages,
        UnattachedImagesSweep,
      ],
    };
  }
}
