import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { HoardingRules, isLateCancel } from '@hdiya/contracts';
import { DonationRules, type Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/relative-time';
import { useCancelReservation } from '../api/cancel-reservation';
import { useConfirmReception } from '../api/confirm-reception';
import { useReserveDonation } from '../api/reserve-donation';
import { timeLeftUntil } from '../lib/reservation';
import { CircleCheck, Hourglass } from 'lucide-react';
import { authHref, currentPath } from '@/lib/return-path';

/** "Impossible de … : <why>", or the action's own text alone when there is nothing more precise. */
function failureText(error: unknown, t: TFunction, key: string): string {
  const action = t(key);
  const reason = errorMessage(error, t, key);
  return reason === action ? action : t('donations.reservation.failureWith', { action, reason });
}

function useSignInToast() {
  const { toast } = useToast();
  return () =>
    toast({
      title: (tr) => tr('donations.reservation.loginTitle'),
      description: (tr) => tr('donations.reservation.loginText'),
      action: { label: (tr) => tr('layout.login'), href: authHref('/login', currentPath()) },
    });
}

/**
 * "Réserver (2 points)". Visitors are asked to sign in and members without 2 available points are
 * told so, both without a call (docs/product.md#validation); the server still has the last word.
 */
export function ReserveButton({ donation, user }: { donation: Donation; user: User | null }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const askToSignIn = useSignInToast();
  const reserve = useReserveDonation();
  const cost = DonationRules.reservationCost;

  function insufficient() {
    toast({
      title: (tr) => tr('donations.reservation.insufficientTitle'),
      description: (tr) => tr('donations.reservation.insufficientText', { count: cost }),
      variant: 'error',
    });
  }

  function onClick() {
    if (!user) return askToSignIn();
    // While the welcome credit is still on its way the balance reads low: let the server decide.
    if (!user.pointsPending && user.points !== null && user.points < cost) return insufficient();
    reserve.mutate(donation.id, {
      onSuccess: () =>
        toast({ title: (tr) => tr('donations.reservation.reserved'), description: (tr) => tr('donations.reservation.reservedText'), variant: 'success' }),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return askToSignIn();
        if (isApiError(error) && error.code === 'POINTS_INSUFFICIENT') return insufficient();
        toast({ title: (tr) => tr('common.error'), description: (tr) => failureText(error, tr, 'donations.reservation.reserveError'), variant: 'error' });
      },
    });
  }

  return (
    <div className="detail__reserve">
      <Button
        size="lg"
        className="btn--block"
        onClick={onClick}
        loading={reserve.isPending}
        aria-describedby={user ? 'reserve-hint' : undefined}
        data-testid="reserve-button"
      >
        {t('donations.reservation.reserve', { count: cost })}
      </Button>
      {user && (
        <p id="reserve-hint" className="muted detail__note" data-testid="reserve-hint">
          {t('donations.reservation.reserveHint', { count: cost, days: DonationRules.collectionDays })}
        </p>
      )}
    </div>
  );
}

/** The reserver's "Confirmer la réception", behind a confirmation: it is final. */
export function ConfirmReceptionButton({ donation }: { donation: Donation }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const confirm = useConfirmReception();
  const [open, setOpen] = useState(false);

  function onConfirm() {
    confirm.mutate(donation.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: (tr) => tr('donations.reservation.confirmed'), description: (tr) => tr('donations.reservation.confirmedText'), variant: 'success' });
      },
      onError: (error) => {
        setOpen(false);
        toast({ title: (tr) => tr('common.error'), description: (tr) => failureText(error, tr, 'donations.reservation.confirmError'), variant: 'error' });
      },
    });
  }

  return (
    <>
      <Button size="lg" className="btn--block" onClick={() => setOpen(true)} data-testid="confirm-reception-button">
        <CircleCheck className="icon" aria-hidden="true" /> {t('donations.reservation.confirm')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={onConfirm}
        title={t('donations.reservation.confirmTitle')}
        text={t('donations.reservation.confirmText')}
        confirmLabel={t('donations.reservation.confirmAction')}
        confirmVariant="primary"
        loading={confirm.isPending}
        testId="confirm-reception-dialog"
      />
    </>
  );
}

/** "Annuler la réservation", for the reserver or the donor; the reserver's 2 points come back. */
export function CancelReservationButton({ donation, by }: { donation: Donation; by: 'reserver' | 'owner' }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const cancel = useCancelReservation();
  const [open, setOpen] = useState(false);

  function onConfirm() {
    cancel.mutate(donation.id, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: (tr) => tr('donations.reservation.cancelled'),
          description: (tr) => tr(by === 'owner' ? 'donations.reservation.cancelledTextOwner' : 'donations.reservation.cancelledTextReserver', {
            count: donation.reservationPoints || DonationRules.reservationCost,
          }),
          variant: 'success',
        });
      },
      onError: (error) => {
        setOpen(false);
        toast({ title: (tr) => tr('common.error'), description: (tr) => failureText(error, tr, 'donations.reservation.cancelError'), variant: 'error' });
      },
    });
  }

  return (
    <>
      <Button variant="outline" className="btn--block" onClick={() => setOpen(true)} data-testid="cancel-reservation-button">
        {t('donations.reservation.cancel')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={onConfirm}
        title={t('donations.reservation.cancelTitle')}
        text={[
          t(by === 'owner' ? 'donations.reservation.cancelTextOwner' : 'donations.reservation.cancelTextReserver', {
            count: donation.reservationPoints || DonationRules.reservationCost,
          }),
          by === 'reserver' ? cancelWarning(donation, t) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('donations.reservation.cancelAction')}
        cancelLabel={t('donations.reservation.cancelKeep')}
        loading={cancel.isPending}
        testId="cancel-reservation-dialog"
      />
    </>
  );
}

/** What cancelling costs the reserver (decision 0020): the wait before reserving it again, and a late cancel's penalty. */
function cancelWarning(donation: Donation, t: TFunction): string {
  const hours = HoardingRules.defaults.RESERVE_AGAIN_COOLDOWN_HOURS;
  const late = donation.autoExpireAt !== null && isLateCancel(new Date(), new Date(donation.autoExpireAt));
  return late
    ? t('donations.reservation.cancelLateWarning', { penalty: HoardingRules.lateCancelReliabilityPenalty, hours })
    : t('donations.reservation.cancelWarning', { hours });
}

/**
 * How long is left to collect, for both sides ("Il vous reste N jours pour le récupérer" to the
 * reserver, "Il reste N jours au membre…" to the donor), and the deadline itself.
 */
export function ReservationDeadline({ donation, by }: { donation: Donation; by: 'reserver' | 'owner' }) {
  const { t, i18n } = useTranslation();
  const left = timeLeftUntil(donation.autoExpireAt);
  if (!left || !donation.autoExpireAt) return null;
  return (
    <>
      <p className="detail__time-left" data-testid="reservation-time-left" data-key={left.key}>
        <Hourglass className="icon" aria-hidden="true" />{' '}
        {t(by === 'reserver' ? `donations.reservation.timeLeft.${left.key}` : `donations.handover.ownerTimeLeft.${left.key}`, { count: left.count })}
      </p>
      {left.key !== 'expired' && (
        <p className="muted detail__note" data-testid="reservation-deadline">
          <time dateTime={donation.autoExpireAt}>
            {t('donations.reservation.deadline', { date: formatDateTime(donation.autoExpireAt, i18n.language) })}
          </time>
        </p>
      )}
    </>
  );
}
