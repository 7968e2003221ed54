import type { BodyOf } from '@hdiya/contracts';
import { call } from '@/lib/api-client';

/** GET /api/push/config: the VAPID key this device subscribes with (null: the server sends no push). */
export const getPushConfig = () => call('GET /api/push/config');

/** POST /api/push/subscriptions: this device receives the member's pushes, in `language`. */
export const registerPushSubscription = (subscription: PushSubscriptionJSON, language: string) =>
  // The browser's PushSubscriptionJSON is looser than the schema: the gateway checks it.
  call('POST /api/push/subscriptions', { body: { ...subscription, language } as BodyOf<'POST /api/push/subscriptions'> });

/** DELETE /api/push/subscriptions: this device no longer receives them. */
export const removePushSubscription = (endpoint: string) => call('DELETE /api/push/subscriptions', { body: { endpoint } });
