import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/button';
import '@/lib/account-deletion-texts';
import { usePageTitle } from '@/lib/use-page-title';

/** Where a deleted account lands: done, at once and for good (docs/product.md#deleting-ones-account). */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  usePageTitle(t('accountDeletion.deleted.title'));
  return (
    <div className="container page page--narrow">
      <div className="card stack" data-testid="account-deleted">
        <CheckCircle2 className="icon icon--xl" aria-hidden="true" />
        <h1>{t('accountDeletion.deleted.title')}</h1>
        <p>{t('accountDeletion.deleted.atOnce')}</p>
        <p className="muted">{t('accountDeletion.deleted.copies')}</p>
        <LinkButton to="/" className="btn--block">
          {t('accountDeletion.deleted.home')}
        </LinkButton>
      </div>
    </div>
  );
}
