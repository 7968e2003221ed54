import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { isolate } from '@/lib/direction';
import { useFormFields } from '@/lib/use-form-fields';
import { useTransferPoints } from '../api/transfer-points';
import { newIdempotencyKey, transferErrorMessage, validateTransfer, type TransferError, type TransferFormValues } from '../lib/transfer';

const EMPTY: TransferFormValues = { receiverIdentifier: '', points: '', message: '' };
const MESSAGE_MAX_LENGTH = 500;

/** Recipient's phone, points, optional message (docs/product.md#transfers, #validation). */
export function TransferForm({ user }: { user: Pick<User, 'points'> }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const transfer = useTransferPoints();
  // One key per submission: kept when the same values are sent again after a failure, so the
  // server transfers at most once; any edit or a success starts a new submission.
  const idempotencyKey = useRef<string | null>(null);
  const { values, setValues, field } = useFormFields(EMPTY, () => {
    idempotencyKey.current = null;
  });
  const [error, setError] = useState<(TransferError & { text?: string }) | null>(null);
  const available = user.points;

  const bind = (name: keyof TransferFormValues) => ({ ...field(name), error: error && error.field === name ? (error.text ?? t(error.key)) : undefined });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (transfer.isPending) return;
    const found = validateTransfer(values, available);
    setError(found);
    if (found) return;
    idempotencyKey.current ??= newIdempotencyKey();
    const message = values.message.trim();
    transfer.mutate(
      {
        receiverIdentifier: values.receiverIdentifier.trim(),
        points: Number(values.points),
        ...(message ? { message } : {}),
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (result) => {
          idempotencyKey.current = null;
          setValues(EMPTY);
          toast({
            title: (tr) => tr('points.transfer.success'),
            description: (tr) => tr('points.transfer.successText', {
              count: result.points,
              // "Salma T." already ends the sentence: no second full stop.
              name: isolate(result.receiver.displayName.replace(/\.$/, ''), i18n.language),
              balance: t('points.balance', { count: result.senderNewBalance }),
            }),
            variant: 'success',
          });
        },
        onError: (failure) => {
          const text = transferErrorMessage(failure, t, i18n.resolvedLanguage);
          const field = isApiError(failure) ? failure.field : undefined;
          if (field === 'receiverIdentifier' || field === 'points') setError({ field, key: 'points.transfer.errorFallback', text });
          toast({ title: (tr) => tr('common.error'), description: text, variant: 'error' });
        },
      },
    );
  }

  return (
    <form className="card stack" onSubmit={onSubmit} noValidate data-testid="transfer-form">
      <InputField
        id="transfer-recipient"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        dir="ltr"
        label={t('points.transfer.recipient')}
        hint={t('points.transfer.recipientHint')}
        placeholder="06XXXXXXXX"
        required
        data-testid="transfer-recipient"
        {...bind('receiverIdentifier')}
      />
      <InputField
        id="transfer-points"
        type="number"
        inputMode="numeric"
        min={1}
        max={available ?? undefined}
        step={1}
        label={t('points.transfer.points')}
        hint={available === null ? t('points.unknown') : t('points.transfer.pointsHint', { count: available })}
        required
        data-testid="transfer-points"
        {...bind('points')}
      />
      <TextareaField
        id="transfer-message"
        label={t('points.transfer.message')}
        placeholder={t('points.transfer.messagePlaceholder')}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        data-testid="transfer-message"
        {...bind('message')}
      />
      <div>
        <Button type="submit" loading={transfer.isPending} data-testid="transfer-submit">
          {t('points.transfer.submit')}
        </Button>
      </div>
    </form>
  );
}
