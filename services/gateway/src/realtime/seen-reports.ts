import { Inject, Injectable, Logger } from '@nestjs/common';
import { Rpc, type EventName, type EventPayload } from '@hdiya/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { ServiceClient } from '../rpc/service-client.js';
import { MemberSocketLeases } from './member-socket-leases.js';

/** A report lost (messaging slow or down) only means a mail or push the member may not need. */
const SEEN_TIMEOUT_MS = 2000;

/** The members an event's push puts something new in front of: a notification's, a message's receiver. */
export function membersShown<N extends EventName>(name: N, payload: EventPayload<N>): string[] {
  switch (name) {
    case 'messaging.NotificationCreated.v1':
      return [(payload as EventPayload<'messaging.NotificationCreated.v1'>).userId];
    case 'messaging.MessageSent.v1':
      return [(payload as EventPayload<'messaging.MessageSent.v1'>).message.receiverId];
    case 'messaging.MessageSent.v2':
      return [(payload as EventPayload<'messaging.MessageSent.v2'>).message.receiverId];
    default:
      return [];
  }
}

/**
 * Tells the messaging service what reached an open page (decision 0027): after relaying a
 * notification or a message to a member who holds a live socket lease (any replica, Redis), and
 * when a member opens a socket (the page loads their notifications). Their notifications so far
 * are then seen: no mail, no push about them.
 */
@Injectable()
export class SeenReports {
  private readonly logger = new Logger('realtime:seen');
  private readonly leases: MemberSocketLeases;

  constructor(
    @Inject(REDIS) redis: RedisClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly services: ServiceClient,
  ) {
    this.leases = new MemberSocketLeases(redis, config.SOCKETS_PER_MEMBER_MAX, 3 * config.SOCKET_SESSION_CHECK_MS);
  }

  /** After a relay: members with an open page saw it. */
  async afterRelay<N extends EventName>(name: N, payload: EventPayload<N>): Promise<void> {
    for (const memberId of membersShown(name, payload)) {
      const open = await this.leases.hasOpen(memberId).catch(() => false);
      if (open) await this.seen(memberId);
    }
  }

  /** The member has a page open right now. */
  async seen(memberId: string): Promise<void> {
    await this.services
      .call(Rpc.messaging.notificationsSeen, { memberId }, SEEN_TIMEOUT_MS)
      .catch((error: Error) => this.logger.warn(`seen ${memberId}: ${error.message}`));
  }
}
