import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
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
        <div className="row">
          <Link to="/" className={buttonClass('primary')}>
            {t('pages.backHome')}
          </Link>
          <Link to="/donations" className={buttonClass('outline')}>
            {t('layout.nav.explore')}
          </Link>
        </div>
      </div>
    </div>
  );
}
