import { useTranslation } from 'react-i18next';
import { CtaLinks } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound.title'));
  return (
    <div className="container page" data-testid="not-found">
      <div className="card empty-state">
        <p className="stat__value" aria-hidden="true">
          404
        </p>
        <h1>{t('pages.notFound.title')}</h1>
        <p>{t('pages.notFound.text')}</p>
        <CtaLinks main={{ to: '/', label: t('pages.backHome') }} other={{ to: '/donations', label: t('layout.nav.explore') }} />
      </div>
    </div>
  );
}
