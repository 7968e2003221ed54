import { createHash } from 'node:crypto';

/**
 * The `Topic` header (RFC 8030 §5.4) for a tag: a push service keeps only the newest push of a
 * topic for a device that is offline. At most 32 base64url characters, and opaque: a hash, so the
 * push service does not learn who talks to whom.
 */
export const topicOf = (tag: string): string => createHash('sha256').update(tag).digest('base64url').slice(0, 32);
