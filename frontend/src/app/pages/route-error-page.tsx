import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';

/** Last-resort screen when rendering a route throws; rendered without the layout. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="container page" role="alert" data-testid="route-error">
      <div className="card empty-state">
        <h1>{t('pages.error.title')}</h1>
        <p>{t('pages.error.text')}</p>
        <a href="/" className="btn btn--primary btn--md">
          {t('pages.backHome')}
        </a>
      </div>
    </div>
  );
}
