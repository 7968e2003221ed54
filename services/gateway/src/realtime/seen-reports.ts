import { Inject, Injectable, Logger } from '@nestjs/common';
import { Rpc, type ParsedEvent } from '@hdiya/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { ServiceClient } from '../rpc/service-client.js';
import { MemberSocketLeases } from './member-socket-leases.js';

/** A report lost (messaging slow or down) only means a mail or push the member may not need. */
const SEEN_TIMEOUT_MS = 2000;
/**
 * Reports wait this long to travel together: at hundreds of messages a second, one lease check and
 * one report per batch instead of per message. Far below the push delay (10 s; 1 s in tests).
 */
const SEEN_BATCH_MS = 200;
/** Members per report (the RPC's limit). */
const SEEN_BATCH_MAX = 500;

/** The members an event's push puts something new in front of: a notification's, a message's receiver. */
export function membersShown(event: ParsedEvent): string[] {
  switch (event.name) {
    case 'messaging.NotificationCreated.v1':
      return [event.payload.userId];
    case 'messaging.MessageSent.v1':
    case 'messaging.MessageSent.v2':
      return [event.payload.message.receiverId];
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

  /** Members relayed to since the last report: whether they hold a live socket is checked at the report. */
  private readonly relayed = new Set<string>();
  /** Members known to have a page open (a socket just opened). */
  private readonly open = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  /** After a relay: members with an open page saw it. */
  afterRelay(event: ParsedEvent): void {
    for (const memberId of membersShown(event)) this.relayed.add(memberId);
    this.soon();
  }

  /** The member has a page open right now. */
  seen(memberId: string): void {
    this.open.add(memberId);
    this.soon();
  }

  private soon(): void {
    this.timer ??= setTimeout(() => void this.report(), SEEN_BATCH_MS);
  }

  /** One lease check for the members relayed to, then one report per 500 members with an open page. */
  async report(): Promise<void> {
    this.timer = null;
    const relayed = [...this.relayed].filter((memberId) => !this.open.has(memberId));
    const members = [...this.open];
    this.relayed.clear();
    this.open.clear();
    if (relayed.length > 0) members.push(...(await this.leases.openAmong(relayed).catch(() => [])));
    for (let from = 0; from < members.length; from += SEEN_BATCH_MAX) {
      const memberIds = members.slice(from, from + SEEN_BATCH_MAX);
      await this.services
        .call(Rpc.messaging.notificationsSeen, { memberIds }, SEEN_TIMEOUT_MS)
        .catch((error: Error) => this.logger.warn(`seen ${memberIds.length} members: ${error.message}`));
    }
  }
}
