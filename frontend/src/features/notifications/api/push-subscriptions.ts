import type { PushConfigView } from '@hdiya/contracts';
import { api } from '@/lib/api-client';

/** GET /api/push/config: the VAPID key this device subscribes with (null: the server sends no push). */
export const getPushConfig = () => api.get<PushConfigView>('/api/push/config');

/** POST /api/push/subscriptions: this device receives the member's pushes, in `language`. */
export const registerPushSubscription = (subscription: PushSubscriptionJSON, language: string) =>
  api.post<{ subscribed: true }>('/api/push/subscriptions', { ...subscription, language });

/** DELETE /api/push/subscriptions: this device no longer receives them. */
export const removePushSubscription = (endpoint: string) => api.delete<{ removed: number }>('/api/push/subscriptions', { endpoint });
