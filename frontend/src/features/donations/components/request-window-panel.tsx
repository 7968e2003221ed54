import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hand } from 'lucide-react';
import { RequestWindowRules, type DonationRequestView } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import type { User } from '@/lib/auth';
import { isolate } from '@/lib/direction';
import type { Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { memberRecordText } from '@/lib/member-record';
import { formatDate, formatDateTime } from '@/lib/relative-time';
import { useResendVerification } from '@/lib/resend-verification';
import '@/lib/request-texts';
import { useChooseRequest, useDonationRequests, useRequestChange } from '../api/requests';

/** When the window closes (or closed) and when Hdiya would draw, in the viewer's language. */
function useWindowDates(donation: Donation) {
  const { i18n } = useTranslation();
  // Read once per page view: the page refreshes the donation, not the clock.
  const [openedAt] = useState(() => Date.now());
  if (donation.allocation.mode !== 'choose') return null;
  const closesAt = donation.allocation.closesAt;
  return { open: Date.parse(closesAt) > openedAt, closesAt: formatDateTime(closesAt, i18n.language), drawAt: formatDateTime(donation.allocation.drawAt, i18n.language) };
}

/**
 * Asking needs a verified address (issue 45): until then, what to do, and the link sent again on
 * request (the profile's banner does the same).
 */
function VerifyToAsk({ email }: { email: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: (tr) => tr('requests.panel.resent', { email }), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'requests.panel.resendError'), variant: 'error' }),
    });
  return (
    <div className="stack" role="status" data-testid="request-verify-email">
      <p className="muted detail__note">{t('requests.panel.verify')}</p>
      <div className="row">
        <Button variant="secondary" size="sm" loading={resend.isPending} onClick={onResend} data-testid="request-resend-verification">
          {t('requests.panel.resend')}
        </Button>
      </div>
    </div>
  );
}

/**
 * A donation whose donor chooses among requests, seen by anyone else (docs/product.md#request-window):
 * ask with a few words (no points held), see that one's request is sent, withdraw it. A member
 * whose address is not verified yet is asked to verify it first.
 */
export function RequestWindowPanel({ donation, user }: { donation: Donation; user: User | null }) {
  const signedIn = user !== null;
  const { t } = useTranslation();
  const { toast } = useToast();
  const dates = useWindowDates(donation);
  const window = useDonationRequests(donation.id, signedIn).data;
  const change = useRequestChange(donation.id);
  const [message, setMessage] = useState('');
  if (!dates) return null;
  const mine = window?.mine?.state === 'open' ? window.mine : null;

  const act = (what: { ask: string } | 'withdraw') =>
    change.mutate(what, {
      onSuccess: () => {
        setMessage('');
        toast({ title: (tr) => tr(what === 'withdraw' ? 'requests.panel.withdrawn' : 'requests.panel.sent'), variant: 'success' });
      },
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'requests.panel.error'), variant: 'error' }),
    });

  return (
    <section className="card stack waitlist" aria-labelledby="request-window-title" data-testid="request-window">
      <h2 id="request-window-title" className="waitlist__title">
        <Hand className="icon" aria-hidden="true" /> {t('requests.panel.title')}
      </h2>
      <p className="muted detail__note">{dates.open ? t('requests.panel.closesAt', { date: dates.closesAt }) : t('requests.panel.closed', { date: dates.drawAt })}</p>
      {window && <p className="muted detail__note" data-testid="request-count">{t('requests.panel.open', { count: window.open })}</p>}
      {!signedIn && <p className="muted detail__note">{t('requests.panel.signIn')}</p>}
      {signedIn && mine && (
        <>
          <p data-testid="request-sent">{t('requests.panel.asked')}</p>
          <blockquote className="muted" dir="auto">
            {mine.message}
          </blockquote>
          <div className="row">
            <Button variant="outline" size="sm" onClick={() => act('withdraw')} loading={change.isPending} data-testid="request-withdraw" data-toast-avoid>
              {t('requests.panel.withdraw')}
            </Button>
          </div>
        </>
      )}
      {user && !mine && dates.open && !user.emailVerified && <VerifyToAsk email={user.email} />}
      {user && !mine && dates.open && user.emailVerified && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            act({ ask: message.trim() });
          }}
        >
          <TextareaField
            id="request-message"
            label={t('requests.panel.message')}
            placeholder={t('requests.panel.messagePlaceholder')}
            value={message}
            maxLength={RequestWindowRules.messageMaxLength}
            rows={3}
            required
            dir="auto"
            onChange={(event) => setMessage(event.target.value)}
            data-testid="request-message"
          />
          <div className="row">
            <Button type="submit" loading={change.isPending} disabled={message.trim() === ''} data-testid="request-ask">
              {t('requests.panel.ask')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The donor's view of the window: every asker with their message and record, and "Choisir", which
 * asks first (issue 46: one tap gave the item away) and says what follows.
 */
export function OwnerRequestsPanel({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const dates = useWindowDates(donation);
  const window = useDonationRequests(donation.id, true).data;
  const choose = useChooseRequest(donation.id);
  const [asking, setAsking] = useState<DonationRequestView | null>(null);
  if (!dates || !window) return null;

  const pick = (request: DonationRequestView) =>
    choose.mutate(request.id, {
      onSuccess: () => toast({ title: (tr) => tr('requests.owner.chosen'), variant: 'success' }),
      onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'requests.owner.error'), variant: 'error' }),
      onSettled: () => setAsking(null),
    });
  const askingName = asking ? isolate(asking.member.displayName, i18n.language) : '';

  return (
    <section className="stack waitlist" aria-labelledby="owner-requests-title" data-testid="owner-requests" data-open={window.open}>
      <h2 id="owner-requests-title" className="waitlist__title">
        <Hand className="icon" aria-hidden="true" /> {t('requests.owner.title')}
      </h2>
      <p className="muted detail__note">{dates.open ? t('requests.panel.closesAt', { date: dates.closesAt }) : t('requests.panel.closed', { date: dates.drawAt })}</p>
      {window.requests.length === 0 ? (
        <p className="muted">{t('requests.owner.none')}</p>
      ) : (
        <>
          <p className="muted detail__note">{t('requests.owner.hint', { date: dates.drawAt })}</p>
          <ul className="plain-list stack" data-testid="owner-request-list">
            {window.requests.map((request) => (
              <li key={request.id} className="card stack" data-testid="owner-request" data-state={request.state} data-member={request.member.id}>
                <strong>
                  <bdi>{request.member.displayName}</bdi>
                </strong>
                {request.record && (
                  <p className="muted detail__note" data-testid="owner-request-level" data-level={request.record.level}>
                    {t(`common.level.${request.record.level}`)} · {memberRecordText(t, request.record)}
                    {request.record.memberSince && (
                      <span data-testid="owner-request-since"> · {t('common.level.memberSince', { date: formatDate(request.record.memberSince, i18n.language) })}</span>
                    )}
                  </p>
                )}
                <p dir="auto">{request.message}</p>
                {request.state === 'open' ? (
                  <div className="row">
                    <Button size="sm" onClick={() => setAsking(request)} loading={choose.isPending && choose.variables === request.id} data-testid="owner-request-choose">
                      {t('requests.owner.choose')}
                    </Button>
                  </div>
                ) : (
                  <p className="muted detail__note">{t(`requests.owner.states.${request.state}`)}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && pick(asking)}
        title={t('requests.owner.confirmTitle', { name: askingName })}
        text={t('requests.owner.confirmText', { name: askingName })}
        confirmLabel={t('requests.owner.confirm')}
        confirmVariant="primary"
        loading={choose.isPending}
        testId="owner-request-confirm"
      />
    </section>
  );
}
