import { Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  Rpc,
  type PushConfigView,
  type PushSubscriptionInput,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** Web Push (decision 0025): this device's subscription, kept by the messaging service. */
@Controller('api/push')
export class PushController {
  constructor(private readonly services: ServiceClient) {}

  /** The VAPID public key a browser subscribes with; `null` when this deployment sends no push. */
  @Get('config')
  config(): Promise<PushConfigView> {
    return this.services.call(Rpc.messaging.pushConfig, {});
  }

  /** The browser's `PushSubscription.toJSON()` and the language its notifications should use. */
  @Post('subscriptions')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  subscribe(@JsonBody(new ValidatedBody(PushSubscriptionSchema)) subscription: PushSubscriptionInput, @CurrentUser() user: SessionUser): Promise<{ subscribed: true }> {
    return this.services.call(Rpc.messaging.pushSubscribe, { userId: user.id, subscription });
  }

  /** This device stops receiving the member's pushes (`{endpoint}`); another member's device is left alone. */
  @Delete('subscriptions')
  @UseGuards(SignedInGuard)
  unsubscribe(@JsonBody(new ValidatedBody(PushUnsubscribeSchema)) { endpoint }: { endpoint: string }, @CurrentUser() user: SessionUser): Promise<{ removed: number }> {
    return this.services.call(Rpc.messaging.pushUnsubscribe, { userId: user.id, endpoint });
  }
}
