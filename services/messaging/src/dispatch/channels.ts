import type { EntityManager } from 'typeorm';
import type { MailLanguage } from '@hdiya/contracts';

/** A push to a member's devices (interface of the push service, services/messaging/src/push). */
export interface DispatchPush {
  title: string;
  body: string;
  url: string;
  tag?: string;
  lang: MailLanguage;
  actions?: { action: 'reply' | 'view'; title: string }[];
}

/** Where the dispatcher hands pushes, in its own transaction: the push service's outbox. */
export interface PushChannel {
  enqueue(manager: EntityManager, memberId: string, message: DispatchPush): Promise<void>;
}

export const PUSH_CHANNEL = Symbol('PUSH_CHANNEL');
