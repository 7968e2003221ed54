import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUser } from '@/lib/auth';
import { useMemberProfile } from '@/lib/member-profile';
import '@/lib/rating-texts';
import { formatDate } from '@/lib/relative-time';
import { RatingReportDialog } from './rating-report-dialog';
import './rating-panel.css';

/**
 * A member's newest rating comments, from their public profile (none until their ratings show,
 * removed ones never), each with "Signaler" for signed-in members (docs/product.md#rating-comments).
 */
export function MemberRatingComments({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const comments = useMemberProfile(memberId).data?.recentComments ?? [];
  const signedIn = Boolean(useUser().data);
  const [reporting, setReporting] = useState<number | null>(null);
  if (comments.length === 0) return null;
  return (
    <section className="rating-comments" aria-labelledby="rating-comments-title" data-testid="rating-comments">
      <h2 id="rating-comments-title" className="rating-comments__title">
        {t('ratings.comments.title')}
      </h2>
      <ul className="plain-list rating-comments__list">
        {comments.map((entry) => (
          <li key={entry.id} className="rating-comments__item" data-testid="rating-comment" data-rating-id={entry.id} data-value={entry.value}>
            <p className="rating-comments__head muted">
              {entry.value === 'up' ? <ThumbsUp className="icon" aria-hidden="true" /> : <ThumbsDown className="icon" aria-hidden="true" />}
              <strong>{t(`ratings.comments.${entry.value}`)}</strong>
              {entry.reason && <span>· {t(`ratings.reasons.${entry.reason}`)}</span>}
              <span>· {formatDate(entry.createdAt, i18n.language)}</span>
              {entry.verified && <span>· {t('ratings.comments.verified')}</span>}
            </p>
            {/* Member text: plain text, in its own direction whatever the page's. */}
            <p className="rating-comments__text" dir="auto">
              {entry.comment}
            </p>
            {signedIn && (
              <Button variant="ghost" size="sm" onClick={() => setReporting(entry.id)} data-testid="rating-comment-report">
                <Flag className="icon" aria-hidden="true" /> {t('ratings.comments.report')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <RatingReportDialog ratingId={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}
