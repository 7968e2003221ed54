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
        <Outlet />
      </main>
      <Footer />
      <MobileTabBar />
    </div>
  );
}
