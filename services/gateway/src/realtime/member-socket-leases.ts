import type { RedisClient } from '../redis/redis.provider.js';

/**
 * Claims a lease for one socket unless its member already holds `max` live ones. Expired leases
 * (a gateway that crashed never released its sockets') are dropped first.
 * KEYS[1]: the member's set; ARGV: now, expiry, socket id, max, lease ms.
 */
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

const keyOf = (memberId: string) => `sockets:member:${memberId}`;

/**
 * The open sockets of each member, counted across every gateway replica: a sorted set per member
 * in Redis, socket id → lease expiry. A socket's replica renews its lease while it is open and
 * removes it when it closes; a replica that dies leaves leases that expire on their own.
 */
export class MemberSocketLeases {
  constructor(
    private readonly redis: RedisClient,
    private readonly max: number,
    private readonly leaseMs: number,
  ) {}

  /** True when the socket may open (the member has fewer than `max` open). */
  async claim(memberId: string, socketId: string, now = Date.now()): Promise<boolean> {
    const claimed = await this.redis.eval(CLAIM, 1, keyOf(memberId), now, now + this.leaseMs, socketId, this.max, this.leaseMs);
    return claimed === 1;
  }

  async release(memberId: string, socketId: string): Promise<void> {
    await this.redis.zrem(keyOf(memberId), socketId);
  }

  /** Which of these members have a live socket on any replica, in one round trip. */
  async openAmong(memberIds: string[], now = Date.now()): Promise<string[]> {
    const pipeline = this.redis.pipeline();
    for (const memberId of memberIds) pipeline.zcount(keyOf(memberId), `(${now}`, '+inf');
    const counts = (await pipeline.exec()) ?? [];
    return memberIds.filter((_, i) => {
      const [error, count] = counts[i] ?? [null, 0];
      return !error && Number(count) > 0;
    });
  }

  /** Renews the leases of this replica's open sockets. */
  async renew(sockets: Iterable<{ memberId: string; socketId: string }>, now = Date.now()): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const { memberId, socketId } of sockets) {
      pipeline.zadd(keyOf(memberId), 'XX', now + this.leaseMs, socketId);
      pipeline.pexpire(keyOf(memberId), this.leaseMs);
    }
    if (pipeline.length > 0) await pipeline.exec();
  }
}
