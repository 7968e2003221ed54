import type { EntityManager } from 'typeorm';
import type { PushMessage } from '../push/push-message.js';

/** Where the dispatcher hands pushes, in its own transaction: the push service's outbox (PushService). */
export interface PushChannel {
  enqueue(manager: EntityManager, memberId: string, message: PushMessage): Promise<void>;
}

export const PUSH_CHANNEL = Symbol('PUSH_CHANNEL');
