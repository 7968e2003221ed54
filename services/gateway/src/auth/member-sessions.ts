import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { SocketServer } from '../realtime/socket-server.js';
import { SESSION_KEY_PREFIX } from '../session/session.middleware.js';

/** Where the ids of a member's sessions are listed (a Redis set), so all of them can be ended at once. */
export const MEMBER_SESSIONS_PREFIX = 'member-sessions:';

/**
 * The sessions of each member, indexed at sign-in (connect-redis keys sessions by id only). A
 * password reset ends them all, with their sockets on every replica. The index lives as long as
 * the longest session (SESSION_MAX_AGE_DAYS); signing out takes the session's id out of it, and the
 * ids of sessions that expired are swept (EndedSessionTraces).
 */
@Injectable()
export class MemberSessions {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sockets: SocketServer,
  ) {}

  async track(memberId: string, sessionId: string): Promise<void> {
    const key = `${MEMBER_SESSIONS_PREFIX}${memberId}`;
    await this.redis.multi().sadd(key, sessionId).expire(key, this.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60).exec();
  }

  /** The session ended by signing out: its id leaves the member's index. */
  async forget(memberId: string, sessionId: string): Promise<void> {
    await this.redis.srem(`${MEMBER_SESSIONS_PREFIX}${memberId}`, sessionId);
  }

  /** Signs the member out everywhere: every session destroyed, every socket closed. */
  async endAll(memberId: string): Promise<void> {
    const key = `${MEMBER_SESSIONS_PREFIX}${memberId}`;
    const sessionIds = await this.redis.smembers(key);
    await this.redis.del(key, ...sessionIds.map((id) => `${SESSION_KEY_PREFIX}${id}`));
    await this.sockets.closeMember(memberId);
  }
}
