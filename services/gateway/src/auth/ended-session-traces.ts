import type { RedisClient } from '../redis/redis.provider.js';
import { SESSION_KEY_PREFIX } from '../session/session.middleware.js';
import { MEMBER_SESSIONS_PREFIX } from './member-sessions.js';

/**
 * What an ended session leaves in Redis: its id in the member's index (`member-sessions:<id>`),
 * renewed at each sign-in, so a member who signs in often keeps the ids of every session that
 * expired since (the session itself, `sess:<id>`, expires on its own). A sweep takes out the ids
 * whose session is gone; a set left empty disappears with its last member.
 *
 * An id is indexed just before its session is first saved, so a sweep removes only ids it already
 * found dangling on its previous sweep (an interval earlier): a session being created is never
 * taken out of the index a password reset relies on. Safe on every replica: SREM of what is gone
 * removes nothing.
 */
export class EndedSessionTraces {
  /** `key id` pairs found dangling on the last sweep. */
  private dangling = new Set<string>();

  constructor(
    private readonly redis: RedisClient,
    private readonly scanCount = 500,
  ) {}

  /** One sweep: answers how many ids left the indexes. */
  async sweep(): Promise<number> {
    const found = new Set<string>();
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${MEMBER_SESSIONS_PREFIX}*`, 'COUNT', this.scanCount);
      cursor = next;
      for (const key of keys) removed += await this.sweepIndex(key, found);
    } while (cursor !== '0');
    this.dangling = found;
    return removed;
  }

  private async sweepIndex(key: string, found: Set<string>): Promise<number> {
    const ids = await this.redis.smembers(key);
    if (ids.length === 0) return 0;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.exists(`${SESSION_KEY_PREFIX}${id}`);
    const answers = (await pipeline.exec()) ?? [];
    // An answer that failed counts as a live session: nothing is removed on a doubt.
    const gone = ids.filter((_, i) => {
      const [error, exists] = answers[i] ?? [null, 1];
      return !error && Number(exists) === 0;
    });
    const again = gone.filter((id) => this.dangling.has(`${key} ${id}`));
    for (const id of gone) if (!again.includes(id)) found.add(`${key} ${id}`);
    return again.length > 0 ? this.redis.srem(key, ...again) : 0;
  }
}
