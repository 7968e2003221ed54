import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import type { DetailActions, Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { useDeleteDonation } from '../api/delete-donation';
import { AskMatchesPanel } from './ask-matches-panel';
import { HandoverEntry } from './handover-panel';
import { CancelReservationButton } from './reservation-actions';
import { OwnerRequestsPanel } from './request-window-panel';
import { OwnerWaitlistNote } from './waitlist-panel';
import { Pencil, Trash2 } from 'lucide-react';

/** Owners: Modifier; Supprimer while available; cancel the reservation while reserved (docs/product.md#donation-detail, #reservations). */
export function OwnerActions({ donation, actions }: { donation: Donation; actions: DetailActions }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const remove = useDeleteDonation();
  const [confirmOpen, setConfirmOpen] = useState(false);

  function confirmDelete() {
    remove.mutate(donation.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast({ title: (tr) => tr('donations.delete.success'), variant: 'success' });
        navigate('/donations');
      },
      onError: (error) => {
        setConfirmOpen(false);
        toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'donations.delete.error'), variant: 'error' });
      },
    });
  }

  return (
    <div className="stack detail__actions">
      <p className="muted detail__note" data-testid="owner-note">
        {t('donations.detail.ownerNote')}
      </p>
      {donation.status === 'reserved' && donation.reservedById !== null && <HandoverEntry donation={donation} />}
      {actions.cancel && <CancelReservationButton donation={donation} by="owner" />}
      {donation.status === 'reserved' && <OwnerWaitlistNote donation={donation} />}
      {donation.allocation.mode === 'choose' && !donation.allocation.decided && <OwnerRequestsPanel donation={donation} />}
      {donation.status === 'available' && <AskMatchesPanel donationId={donation.id} />}
      {(actions.edit || actions.delete) && (
        <div className="row">
          {actions.edit && (
            <LinkButton to={`/edit-donation/${donation.id}`} variant="outline" data-testid="edit-donation">
              <Pencil className="icon" aria-hidden="true" /> {t('donations.detail.edit')}
            </LinkButton>
          )}
          {actions.delete && (
            <Button variant="danger" onClick={() => setConfirmOpen(true)} data-testid="delete-donation">
              <Trash2 className="icon" aria-hidden="true" /> {t('donations.delete.open')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
        title={t('donations.delete.title')}
        text={t('donations.delete.text')}
        confirmLabel={t('donations.delete.confirm')}
        loading={remove.isPending}
        testId="delete-dialog"
      />
    </div>
  );
}
