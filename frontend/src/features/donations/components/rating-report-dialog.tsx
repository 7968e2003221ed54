import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DonationRules, RATING_REPORT_REASONS, type RatingReportReason } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import '@/lib/rating-texts';
import { useReportRating } from '../api/report-rating';

/** "Signaler ce commentaire": a rating comment goes to the moderators (docs/product.md#rating-comments). */
export function RatingReportDialog({ ratingId, onClose }: { ratingId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={ratingId !== null} onClose={onClose} title={t('ratings.comments.reportTitle')} testId="rating-report-dialog">
      {ratingId !== null && <RatingReportForm ratingId={ratingId} onClose={onClose} />}
    </Dialog>
  );
}

function RatingReportForm({ ratingId, onClose }: { ratingId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const report = useReportRating();
  const [reason, setReason] = useState<RatingReportReason>('insulting');
  const [details, setDetails] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    report.mutate(
      { id: ratingId, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: (tr) => tr('ratings.comments.reported'), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // A second report is not a failure for the member: theirs is already with the moderators.
          const already = isApiError(error) && error.code === 'ALREADY_REPORTED';
          toast({ title: (tr) => (already ? tr('ratings.comments.reported') : tr('common.error')), description: (tr) => errorMessage(error, tr, 'ratings.comments.reportError'), variant: already ? 'info' : 'error' });
          if (already) onClose();
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} data-testid="rating-report-form">
      <p className="muted">{t('ratings.comments.reportIntro')}</p>
      <fieldset className="choices">
        <legend className="field__label">{t('ratings.comments.reportReason')}</legend>
        {RATING_REPORT_REASONS.map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="rating-report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} data-testid={`rating-report-reason-${value}`} />
            {t(`ratings.comments.reportReasons.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextareaField
        id="rating-report-details"
        label={t('ratings.comments.reportDetails')}
        rows={3}
        maxLength={DonationRules.reportDetailsMaxLength}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        data-testid="rating-report-details"
      />
      <div className="dialog__footer">
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={report.isPending} data-testid="rating-report-submit">
          {t('ratings.comments.report')}
        </Button>
      </div>
    </form>
  );
}
