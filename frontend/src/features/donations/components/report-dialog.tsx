import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { DonationRules, REPORT_REASONS, type ReportReason } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { useReportDonation } from '../api/report-donation';

export interface ReportDialogProps {
  donationId: number;
  open: boolean;
  onClose: () => void;
}

/** "Signaler": commercial content and other abuse go to the moderators (docs/product.md#reports). */
export function ReportDialog({ donationId, open, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('donations.report.title')} testId="report-dialog">
      <ReportForm donationId={donationId} onClose={onClose} />
    </Dialog>
  );
}

function ReportForm({ donationId, onClose }: Omit<ReportDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const report = useReportDonation();
  const [reason, setReason] = useState<ReportReason>('commercial');
  const [details, setDetails] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    report.mutate(
      { id: donationId, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: (tr) => tr('donations.report.success'), description: (tr) => tr('donations.report.successText'), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // A second report is not a failure for the member: theirs is already with the moderators.
          const already = isApiError(error) && error.code === 'ALREADY_REPORTED';
          toast({
            title: already ? t('donations.report.success') : t('common.error'),
            description: (tr) => errorMessage(error, tr, 'donations.report.error'),
            variant: already ? 'info' : 'error',
          });
          if (already) onClose();
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} data-testid="report-form">
      <p className="muted">{t('donations.report.intro')}</p>
      <fieldset className="choices">
        <legend className="field__label">{t('donations.report.reason')}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              data-testid={`report-reason-${value}`}
            />
            {t(`donations.report.reasons.${value}`)}
          </label>
        ))}
      </fieldset>
      <TextareaField
        id="report-details"
        label={t('donations.report.details')}
        rows={3}
        maxLength={DonationRules.reportDetailsMaxLength}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        data-testid="report-details"
      />
      <div className="dialog__footer">
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={report.isPending} data-testid="report-submit">
          {t('donations.report.submit')}
        </Button>
      </div>
    </form>
  );
}
