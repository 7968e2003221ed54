import { randomUUID } from 'node:crypto';
import { moderationRefusal, reportRefusal, type RatedComment } from './rating-moderation.rules.js';

const author = randomUUID();
const rated: RatedComment = { raterId: author, comment: 'Jamais venu, aucune nouvelle.' };
const moderator = { id: randomUUID(), role: 'admin' as const };
const member = { id: randomUUID(), role: 'member' as const };

describe('rating comment moderation rules', () => {
  it('should let any member but its author report a comment', () => {
    expect(reportRefusal(rated, member.id)).toBeNull();
    expect(reportRefusal(rated, author)).toMatchObject({ status: 403, code: 'RATING_OWN', message: 'Vous ne pouvez pas signaler votre propre commentaire.' });
  });

  it('should refuse a rating that does not exist (404) or has no comment (409)', () => {
    expect(reportRefusal(null, member.id)).toMatchObject({ status: 404, code: 'RATING_NOT_FOUND', message: "Cette évaluation n'existe pas." });
    expect(reportRefusal({ ...rated, comment: null }, member.id)).toMatchObject({ status: 409, code: 'RATING_NO_COMMENT' });
  });

  it('should let moderators only decide, and not remove a comment twice', () => {
    expect(moderationRefusal(member, rated, true)).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    expect(moderationRefusal(moderator, rated, true)).toBeNull();
    expect(moderationRefusal(moderator, null, false)).toMatchObject({ status: 404 });
    expect(moderationRefusal(moderator, { ...rated, comment: null }, true)).toMatchObject({ status: 409, code: 'RATING_NO_COMMENT' });
    expect(moderationRefusal(moderator, { ...rated, comment: null }, false)).toBeNull();
  });
});
