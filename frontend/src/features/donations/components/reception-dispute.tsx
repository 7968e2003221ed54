import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { isolate } from '@/lib/direction';
import { memberNameOf } from '@/components/member-name';
import { ApiError } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { useMemberProfile } from '@/lib/member-profile';
import '@/lib/rating-texts';
import { formatDateTime } from '@/lib/relative-time';
import { useDisputeReception } from '../api/confirm-reception';

/**
 * For the donor of a gift the receiver confirmed alone, while the 48 hours last (decision 0056):
 * "Je ne l'ai pas remis", with a confirmation that says what follows. Nothing for anyone else (the
 * API sends `disputableUntil` to the donor only).
 */
export function ReceptionDispute({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const dispute = useDisputeReception();
  const [open, setOpen] = useState(false);
  // When the page opened: a window that closes while it is open is refused by the API's own message.
  const [openedAt] = useState(() => Date.now());
  const receiver = useMemberProfile(donation.reservedById);
  // A receiver who deleted their account has no profile left (404): they are "Membre supprimé".
  const receiverGone = receiver.error instanceof ApiError && receiver.error.status === 404;
  const receiverName = receiver.data ? memberNameOf(receiver.data, t) : receiverGone ? t('deletedMember.name') : '';
  if (donation.status !== 'completed' || !donation.disputableUntil || Date.parse(donation.disputableUntil) < openedAt) return null;

  function onConfirm() {
    dispute.mutate(donation.id, {
      onSuccess: () => toast({ title: (tr) => tr('ratings.dispute.done'), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'ratings.dispute.error'), variant: 'error' }),
      onSettled: () => setOpen(false),
    });
  }

  return (
    <section className="card stack" data-testid="reception-dispute" aria-labelledby="reception-dispute-title">
      <h2 id="reception-dispute-title" className="rating-panel__title">
        {t('ratings.dispute.title')}
      </h2>
      <p className="muted">
        {t('ratings.dispute.text', { name: isolate(receiverName, i18n.language), date: formatDateTime(donation.disputableUntil, i18n.language) })}
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="reception-dispute-open">
          {t('ratings.dispute.action')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={onConfirm}
        title={t('ratings.dispute.confirmTitle')}
        text={t('ratings.dispute.confirmText')}
        confirmLabel={t('ratings.dispute.confirm')}
        loading={dispute.isPending}
        testId="reception-dispute-dialog"
      />
    </section>
  );
}
