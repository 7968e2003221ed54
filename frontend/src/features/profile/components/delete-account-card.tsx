import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { GiftInProgressView } from '@hdiya/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, InputField } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import '@/lib/account-deletion-texts';
import { useDeleteAccount } from '../api/delete-account';

/**
 * "Supprimer mon compte" (docs/product.md#deleting-ones-account): what happens, the password, and
 * the gifts in progress the server names, to confirm cancelling; then the confirmation screen.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="card stack" aria-labelledby="delete-account-title" data-testid="delete-account">
      <h2 id="delete-account-title" className="section__title">
        {t('accountDeletion.deletion.title')}
      </h2>
      <p className="muted">{t('accountDeletion.deletion.lead')}</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account-open">
          {t('accountDeletion.deletion.open')}
        </Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('accountDeletion.deletion.dialogTitle')} testId="delete-account-dialog">
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Dialog>
    </section>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [gifts, setGifts] = useState<GiftInProgressView[] | null>(null);
  const [cancelGifts, setCancelGifts] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    remove.mutate(
      { currentPassword: password, ...(gifts ? { cancelGiftsInProgress: cancelGifts } : {}) },
      {
        onSuccess: () => void navigate('/account-deleted', { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'GIFTS_IN_PROGRESS' && error.gifts) setGifts(error.gifts);
          setProblem(errorMessage(error, t, 'accountDeletion.deletion.errorFallback'));
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="delete-account-form">
      <p>{t('accountDeletion.deletion.whatHappens')}</p>
      <ul className="stack" data-testid="delete-account-consequences">
        <li>{t('accountDeletion.deletion.erased')}</li>
        <li>{t('accountDeletion.deletion.withdrawn')}</li>
        <li>{t('accountDeletion.deletion.kept')}</li>
        <li>{t('accountDeletion.deletion.points')}</li>
        <li>
          <strong>{t('accountDeletion.deletion.atOnce')}</strong>
        </li>
      </ul>
      {gifts && gifts.length > 0 && (
        <div className="stack" data-testid="delete-account-gifts">
          <p>
            <strong>{t('accountDeletion.deletion.giftsTitle', { count: gifts.length })}</strong>
          </p>
          <ul>
            {gifts.map((gift) => (
              <li key={gift.donationId} data-testid="delete-account-gift">
                {t(gift.role === 'owner' ? 'accountDeletion.deletion.giftOwner' : 'accountDeletion.deletion.giftReserver', { title: `\u2068${gift.title}\u2069` })}
              </li>
            ))}
          </ul>
          <label className="choice">
            <input type="checkbox" checked={cancelGifts} onChange={(event) => setCancelGifts(event.target.checked)} data-testid="delete-account-cancel-gifts" />
            <span>{t('accountDeletion.deletion.cancelGifts', { count: gifts.length })}</span>
          </label>
        </div>
      )}
      <InputField
        id="delete-account-password"
        type="password"
        label={t('accountDeletion.deletion.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-testid="delete-account-password"
      />
      <FormError>{problem}</FormError>
      <div className="dialog__footer">
        <Button variant="outline" type="button" onClick={onCancel} autoFocus data-testid="delete-account-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="danger" type="submit" loading={remove.isPending} disabled={gifts !== null && gifts.length > 0 && !cancelGifts} data-testid="delete-account-confirm">
          {t('accountDeletion.deletion.confirm')}
        </Button>
      </div>
    </form>
  );
}
