import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { RATING_REASONS, RatingRules, type RatingReason, type RatingValue } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { SelectField, TextareaField } from '@/components/ui/input';
import type { Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import '@/lib/rating-texts';
import { formatDate } from '@/lib/relative-time';
import { useRateDonation } from '../api/rate-donation';
import './rating-panel.css';

/**
 * "Évaluer cet échange" (docs/product.md#ratings): for the donor and the receiver of a given
 * donation, once, within the window; afterwards their thanks. Nothing for anyone else (the API
 * sends `ratingOpenUntil` to the two parties only).
 */
export function RatingPanel({ donation }: { donation: Donation }) {
  const { t } = useTranslation();
  // When the page opened: a window that closes while it is open is refused by the API's own message.
  const [openedAt] = useState(() => Date.now());
  if (donation.status !== 'completed' || !donation.ratingOpenUntil) return null;
  if (donation.myRating) {
    return (
      <section className="rating-panel rating-panel--done" role="status" data-testid="rating-done" data-value={donation.myRating.value}>
        <p className="rating-panel__thanks">
          <CheckCircle2 className="icon" aria-hidden="true" /> {t('ratings.form.thanks')}
        </p>
        <p className="muted">{t('ratings.form.yours', { value: t(`ratings.form.${donation.myRating.value}`) })}</p>
      </section>
    );
  }
  if (Date.parse(donation.ratingOpenUntil) < openedAt) {
    return (
      <p className="muted rating-panel__closed" data-testid="rating-closed">
        {t('ratings.form.closed')}
      </p>
    );
  }
  return <RatingForm donationId={donation.id} openUntil={donation.ratingOpenUntil} />;
}

function RatingForm({ donationId, openUntil }: { donationId: number; openUntil: string }) {
  const { t, i18n } = useTranslation();
  const rate = useRateDonation();
  const [value, setValue] = useState<RatingValue | null>(null);
  const [reason, setReason] = useState<RatingReason | ''>('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<'value' | 'reason' | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value) return setProblem('value');
    if (value === 'down' && !reason) return setProblem('reason');
    setProblem(null);
    const text = comment.trim();
    rate.mutate({ id: donationId, value, ...(value === 'down' ? { reason: reason as RatingReason } : {}), ...(text ? { comment: text } : {}) });
  }

  const choose = (next: RatingValue) => {
    setValue(next);
    setProblem(null);
  };

  return (
    <form className="rating-panel stack" onSubmit={onSubmit} noValidate data-testid="rating-form" aria-labelledby="rating-form-title">
      <h2 id="rating-form-title" className="rating-panel__title">
        {t('ratings.form.title')}
      </h2>
      <p className="muted">{t('ratings.form.lead')}</p>
      <div className="rating-panel__values" role="group" aria-label={t('ratings.form.value')}>
        <Button variant={value === 'up' ? 'primary' : 'outline'} size="sm" aria-pressed={value === 'up'} onClick={() => choose('up')} data-testid="rating-up">
          <ThumbsUp className="icon" aria-hidden="true" /> {t('ratings.form.up')}
        </Button>
        <Button variant={value === 'down' ? 'danger' : 'outline'} size="sm" aria-pressed={value === 'down'} onClick={() => choose('down')} data-testid="rating-down">
          <ThumbsDown className="icon" aria-hidden="true" /> {t('ratings.form.down')}
        </Button>
      </div>
      {problem === 'value' && (
        <p className="field__error" role="alert" data-testid="rating-value-error">
          {t('ratings.form.valueRequired')}
        </p>
      )}
      {value === 'down' && (
        <SelectField
          id="rating-reason"
          label={t('ratings.form.reason')}
          value={reason}
          required
          onChange={(event) => {
            setReason(event.target.value as RatingReason);
            setProblem(null);
          }}
          error={problem === 'reason' ? t('ratings.form.reasonRequired') : undefined}
          data-testid="rating-reason"
        >
          <option value="">{t('ratings.form.reasonPlaceholder')}</option>
          {RATING_REASONS.map((code) => (
            <option key={code} value={code}>
              {t(`ratings.reasons.${code}`)}
            </option>
          ))}
        </SelectField>
      )}
      <TextareaField
        id="rating-comment"
        label={t('ratings.form.comment')}
        rows={3}
        maxLength={RatingRules.commentMaxLength}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        hint={<span dir="ltr">{t('ratings.form.counter', { used: comment.length, max: RatingRules.commentMaxLength })}</span>}
        data-testid="rating-comment"
      />
      {rate.isError && (
        <p className="field__error" role="alert" data-testid="rating-error">
          {errorMessage(rate.error, t, 'ratings.form.error')}
        </p>
      )}
      <div className="rating-panel__footer">
        <Button type="submit" loading={rate.isPending} data-testid="rating-submit">
          {t('ratings.form.submit')}
        </Button>
        <span className="muted">{t('ratings.form.until', { date: formatDate(openUntil, i18n.language) })}</span>
      </div>
    </form>
  );
}
