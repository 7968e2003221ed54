import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import { MobileTabBar } from './mobile-tab-bar';
import { ScrollToTop } from './scroll-to-top';
import './layout.css';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <ScrollToTop />
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <MobileTabBar />
    </div>
  );
}

/** While a lazily loaded screen arrives. */
function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="container page" aria-busy="true" data-testid="page-loading">
      <p className="muted">{t('common.loading')}</p>
    </div>
  );
}
