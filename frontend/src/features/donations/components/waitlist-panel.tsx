import { useTranslation } from 'react-i18next';
import { ListOrdered, PartyPopper } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MemberLevelNote } from '@/components/member-level-note';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { DonationRules, type Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/relative-time';
import { useReserveDonation } from '../api/reserve-donation';
import { useSkipWaitlistOffer, useWaitlist, useWaitlistChange } from '../api/waitlist';

/**
 * A reserved donation seen by another member: join its waiting list (no points held), see one's
 * place ("vous êtes 2e"), leave it; and, when one's turn comes, accept the item (the ordinary
 * reservation and its hold) or leave it to the next.
 */
export function WaitlistPanel({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const line = useWaitlist(donation.id, true);
  const change = useWaitlistChange(donation.id);
  const reserve = useReserveDonation();
  const me = line.data?.me ?? null;

  const act = (what: 'join' | 'leave', done: string) =>
    change.mutate(what, {
      onSuccess: () => toast({ title: (tr) => tr(done), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'donations.waitlist.error'), variant: 'error' }),
    });

  function accept() {
    reserve.mutate(donation.id, {
      onSuccess: () => toast({ title: (tr) => tr('donations.reservation.reserved'), description: (tr) => tr('donations.reservation.reservedText'), variant: 'success' }),
      onError: (error) => {
        const insufficient = isApiError(error) && error.code === 'POINTS_INSUFFICIENT';
        toast({
          title: (tr) => tr(insufficient ? 'donations.reservation.insufficientTitle' : 'common.error'),
          description: insufficient
            ? t('donations.reservation.insufficientText', { count: DonationRules.reservationCost })
            : errorMessage(error, t, 'donations.reservation.reserveError'),
          variant: 'error',
        });
      },
    });
  }

  if (!line.data) return null;
  if (me?.state === 'offered') {
    return (
      <section className="card stack waitlist-offer" aria-labelledby="waitlist-offer-title" data-testid="waitlist-offer">
        <h2 id="waitlist-offer-title" className="waitlist__title">
          <PartyPopper className="icon" aria-hidden="true" /> {t('donations.waitlist.offerTitle')}
        </h2>
        <p>{t('donations.waitlist.offerText', { date: formatDateTime(me.offerExpiresAt, i18n.language) })}</p>
        <div className="row">
          <Button onClick={accept} loading={reserve.isPending} data-testid="waitlist-accept">
            {t('donations.waitlist.accept', { count: DonationRules.reservationCost })}
          </Button>
          <Button variant="outline" onClick={() => act('leave', 'donations.waitlist.declined')} loading={change.isPending} data-testid="waitlist-decline">
            {t('donations.waitlist.decline')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section className="card stack waitlist" aria-labelledby="waitlist-title" data-testid="waitlist" data-waiting={line.data.waiting}>
      <h2 id="waitlist-title" className="waitlist__title">
        <ListOrdered className="icon" aria-hidden="true" /> {t('donations.waitlist.title')}
      </h2>
      {me?.state === 'waiting' ? (
        <>
          <p className="waitlist__position" data-testid="waitlist-position" data-position={me.position}>
            {t('donations.waitlist.position', { count: me.position, ordinal: true })}
          </p>
          <div className="row">
            <Button variant="outline" size="sm" onClick={() => act('leave', 'donations.waitlist.left')} loading={change.isPending} data-testid="waitlist-leave">
              {t('donations.waitlist.leave')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {line.data.waiting > 0 && <p className="muted">{t('donations.waitlist.waiting', { count: line.data.waiting })}</p>}
          <p className="muted detail__note">{t('donations.waitlist.joinHint')}</p>
          <div className="row">
            <Button variant="outline" onClick={() => act('join', 'donations.waitlist.joined')} loading={change.isPending} data-testid="waitlist-join">
              {t('donations.waitlist.join')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The donor's view of the line: how many wait, until when the item is offered to the next, and
 * "Passer au suivant" when that member does not come (decision 0020).
 */
export function OwnerWaitlistNote({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const line = useWaitlist(donation.id, true).data;
  const skip = useSkipWaitlistOffer(donation.id);
  if (!line || (line.waiting === 0 && !line.offerExpiresAt)) return null;

  function skipOffer() {
    skip.mutate(undefined, {
      onSuccess: () => toast({ title: (tr) => tr('donations.waitlist.ownerSkipped'), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'donations.waitlist.ownerSkipError'), variant: 'error' }),
    });
  }

  return (
    <div className="stack waitlist" data-testid="owner-waitlist" data-waiting={line.waiting}>
      {line.offerExpiresAt && (
        <div className="stack" data-testid="owner-waitlist-offer">
          <p className="muted detail__note">{t('donations.waitlist.ownerOffer', { date: formatDateTime(line.offerExpiresAt, i18n.language) })}</p>
          {line.offeredTo && (
            <div data-testid="owner-waitlist-offered-to">
              <strong>
                <bdi>{line.offeredTo.displayName}</bdi>
              </strong>
              <MemberLevelNote memberId={line.offeredTo.id} className="detail__note" testId="owner-waitlist-level" />
            </div>
          )}
          <p className="muted detail__note">{t('donations.waitlist.ownerSkipHint')}</p>
          <div className="row">
            <Button variant="outline" size="sm" onClick={skipOffer} loading={skip.isPending} data-testid="waitlist-skip-offer">
              {t('donations.waitlist.ownerSkip')}
            </Button>
          </div>
        </div>
      )}
      {line.waiting > 0 && (
        <p className="muted detail__note">
          <ListOrdered className="icon" aria-hidden="true" /> {t('donations.waitlist.ownerWaiting', { count: line.waiting })}
        </p>
      )}
    </div>
  );
}
