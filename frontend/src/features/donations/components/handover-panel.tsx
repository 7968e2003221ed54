import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { HandoverCodeSchema } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { useConfirmHandover, useHandover } from '../api/handover';

/** The reserver's 4-digit code, to show the donor at the handover. */
export function HandoverCode({ donation }: { donation: Donation }) {
  const { t } = useTranslation();
  const handover = useHandover(donation.id, true).data;
  if (handover?.role !== 'reserver') return null;
  return (
    <section className="card stack handover" aria-labelledby="handover-code-title" data-testid="handover-code">
      <h2 id="handover-code-title" className="handover__title" data-toast-avoid>
        <KeyRound className="icon" aria-hidden="true" /> {t('donations.handover.codeTitle')}
      </h2>
      {/* What the donor is shown at the handover: a toast goes elsewhere (toast-placement.ts). */}
      <p className="handover__code" dir="ltr" data-testid="handover-code-value" data-toast-avoid>
        {handover.code}
      </p>
      <p className="muted detail__note">{t('donations.handover.codeText')}</p>
    </section>
  );
}

/** The donor enters the reserver's code to confirm the handover (a second way to "confirmed"). */
export function HandoverEntry({ donation }: { donation: Donation }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const handover = useHandover(donation.id, true).data;
  const confirm = useConfirmHandover(donation.id);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (handover?.role !== 'owner') return null;
  const locked = handover.attemptsLeft === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!HandoverCodeSchema.safeParse({ code }).success) return setError(t('donations.handover.format'));
    setError(null);
    confirm.mutate(code, {
      onSuccess: () => toast({ title: (tr) => tr('donations.handover.confirmed'), description: (tr) => tr('donations.handover.confirmedText'), variant: 'success' }),
      onError: (failure) => {
        setCode('');
        // A wrong code stays by the field (it says how many tries are left); other failures toast.
        if (isApiError(failure) && (failure.code === 'HANDOVER_CODE_WRONG' || failure.code === 'HANDOVER_LOCKED')) {
          setError(errorMessage(failure, t, 'donations.handover.error'));
        } else {
          toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(failure, tr, 'donations.handover.error'), variant: 'error' });
        }
      },
    });
  }

  return (
    <form className="card stack handover" onSubmit={submit} noValidate aria-labelledby="handover-entry-title" data-testid="handover-entry">
      <h2 id="handover-entry-title" className="handover__title">
        <KeyRound className="icon" aria-hidden="true" /> {t('donations.handover.enterTitle')}
      </h2>
      {locked ? (
        <p className="muted" role="status" data-testid="handover-locked">
          {t('donations.handover.locked')}
        </p>
      ) : (
        <>
          <p className="muted detail__note">{t('donations.handover.enterText')}</p>
          <InputField
            id="handover-code"
            label={t('donations.handover.codeLabel')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            dir="ltr"
            hint={t('donations.handover.attemptsLeft', { count: handover.attemptsLeft })}
            error={error}
            data-testid="handover-code-input"
          />
          <Button type="submit" loading={confirm.isPending} data-testid="handover-submit">
            {t('donations.handover.submit')}
          </Button>
        </>
      )}
    </form>
  );
}
