import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

export type ComingSoonScreen = 'messages' | 'notifications';

/** Placeholder for routes whose screens come with later issues. */
export function ComingSoonPage({ screen }: { screen: ComingSoonScreen }) {
  const { t } = useTranslation();
  const title = t(`pages.comingSoon.titles.${screen}`);
  usePageTitle(title);
  return (
    <div className="container page" data-testid="coming-soon" data-screen={screen}>
      <div className="card empty-state">
        <h1>{title}</h1>
        <p>{t('common.comingSoon')}</p>
        <Link to="/" className={buttonClass('outline')}>
          {t('pages.backHome')}
        </Link>
      </div>
    </div>
  );
}
