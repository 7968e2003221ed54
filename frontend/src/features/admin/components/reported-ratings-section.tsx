import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import '@/lib/rating-texts';
import { formatDateTime } from '@/lib/relative-time';
import { useDecideOnRating, useReportedRatings, type RatingDecision } from '../api/rating-moderation';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/**
 * Reported rating comments (docs/product.md#rating-comments): the comment, its reports, and the
 * two decisions: keep it (reports dismissed) or remove it (the rating stays in the record).
 */
export function ReportedRatingsSection({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const ratings = useReportedRatings(enabled);
  const decide = useDecideOnRating();
  const language = i18n.resolvedLanguage ?? 'fr';

  function onDecide(id: number, decision: RatingDecision) {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => toast({ title: (tr) => tr(decision === 'dismiss' ? 'ratings.admin.dismissed' : 'ratings.admin.removed'), variant: 'success' }),
        onError: (error) => toast({ title: (tr) => tr('ratings.admin.error'), description: (tr) => errorMessage(error, tr, 'ratings.admin.error'), variant: 'error' }),
      },
    );
  }

  return (
    <section className="card stack" data-testid="reported-ratings">
      <h2>{t('ratings.admin.title')}</h2>
      {ratings.isPending ? (
        <ListSkeleton rows={3} testId="reported-ratings-loading" />
      ) : ratings.isError ? (
        <p role="alert">{errorMessage(ratings.error, t, 'ratings.admin.loadError')}</p>
      ) : ratings.data.length === 0 ? (
        <p data-testid="reported-ratings-empty">{t('ratings.admin.empty')}</p>
      ) : (
        <ul className="plain-list stack" data-testid="reported-ratings-list">
          {ratings.data.map((rating) => (
            <li key={rating.id} className="reported-rating stack" data-testid="reported-rating" data-rating-id={rating.id}>
              <p className="muted">
                <strong>{t(`ratings.comments.${rating.value}`)}</strong> ·{' '}
                <Link to={`/donations/${rating.donationId}`}>{t('ratings.admin.about', { title: rating.donationTitle })}</Link>
                {rating.reason && <> · {t(`ratings.reasons.${rating.reason}`)}</>} · {formatDateTime(rating.createdAt, language)}
              </p>
              {/* Member text: plain text, in its own direction whatever the page's. */}
              <blockquote className="reported-rating__comment" dir="auto" data-testid="reported-rating-comment">
                {rating.comment}
              </blockquote>
              <ul className="plain-list open-reports__list">
                {rating.reports.map((report) => (
                  <li key={report.id} className="open-reports__item" data-testid="reported-rating-report">
                    <p className="open-reports__head">
                      <strong>{t(`ratings.comments.reportReasons.${report.reason}`)}</strong>{' '}
                      <span className="muted">{t('admin.reportedAt', { date: formatDateTime(report.createdAt, language) })}</span>
                    </p>
                    {report.details && (
                      <p className="open-reports__comment" dir="auto">
                        {report.details}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
              <div className="row">
                <Button variant="outline" size="sm" onClick={() => onDecide(rating.id, 'dismiss')} loading={decide.isPending && decide.variables?.id === rating.id && decide.variables.decision === 'dismiss'} data-testid="reported-rating-dismiss">
                  {t('ratings.admin.dismiss')}
                </Button>
                <Button variant="danger" size="sm" onClick={() => onDecide(rating.id, 'remove')} loading={decide.isPending && decide.variables?.id === rating.id && decide.variables.decision === 'remove'} data-testid="reported-rating-remove">
                  {t('ratings.admin.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
